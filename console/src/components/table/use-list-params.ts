import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

export interface ListParams<S extends string> {
  page: number;
  /** The search as typed (the box shows it at once). */
  searchInput: string;
  /** The search the list is asked for: `searchInput` once typing has paused. */
  search: string;
  sort: S;
  dir: 'asc' | 'desc';
  /** Extra filters by name, e.g. role. */
  filters: Record<string, string>;
  /** Rows per page: one of PAGE_SIZES. */
  pageSize: number;
}

/** The one page-size rule of every server-paged table: these choices, DEFAULT_PAGE_SIZE unless the address names another. */
export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** The page size the address asks for, when it is one of PAGE_SIZES; else `fallback`. */
export function pageSizeFrom(value: string | null, fallback: number = DEFAULT_PAGE_SIZE): number {
  const size = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : fallback;
}

/**
 * The page, search, sort and filters of a server-paged list, kept in the address (so reload and
 * back keep them). A new search, sort or filter starts again from page 1.
 */
export function useListParams<S extends string>(
  defaults: { sort: S; dir: 'asc' | 'desc'; pageSize?: number; searchParam?: string },
  filterNames: readonly string[] = [],
) {
  const [params, setParams] = useSearchParams();
  // The search's name in the address: `q` unless a screen's links already use another ("search").
  const searchKey = defaults.searchParam ?? 'q';
  const search = params.get(searchKey) ?? '';
  const [searchInput, setSearchInput] = useState(search);

  const update = useCallback(
    (changes: Record<string, string | number | undefined>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (next.get('page') === '1') next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // Typing pauses for 300 ms before the list is asked again.
  useEffect(() => {
    if (searchInput.trim() === search) return;
    const timer = setTimeout(() => update({ [searchKey]: searchInput.trim(), page: undefined }), 300);
    return () => clearTimeout(timer);
  }, [searchInput, search, update, searchKey]);

  const value: ListParams<S> = {
    page: Math.max(1, Number(params.get('page')) || 1),
    searchInput,
    search,
    sort: (params.get('sort') as S | null) ?? defaults.sort,
    dir: params.get('dir') === 'asc' ? 'asc' : params.get('dir') === 'desc' ? 'desc' : defaults.dir,
    filters: Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ''])),
    pageSize: pageSizeFrom(params.get('pageSize'), defaults.pageSize),
  };

  return {
    ...value,
    setSearchInput,
    setPage: (page: number) => update({ page }),
    /** Sorts by a column (first `firstDir`, e.g. newest first for dates); the same column again flips it. */
    sortBy: (column: S, firstDir: 'asc' | 'desc' = 'asc') =>
      update({ sort: column, dir: value.sort === column ? (value.dir === 'asc' ? 'desc' : 'asc') : firstDir, page: undefined }),
    setFilter: (name: string, filter: string) => update({ [name]: filter, page: undefined }),
    /** Another page size starts again from page 1. */
    setPageSize: (size: number) =>
      update({ pageSize: size === (defaults.pageSize ?? DEFAULT_PAGE_SIZE) ? undefined : size, page: undefined }),
  };
}

/** What a server-paged list answers: one page and the SWR states around it. */
export interface PagedAnswer<T> {
  data?: { items: T[]; total: number };
  error?: unknown;
  isLoading: boolean;
  isValidating: boolean;
  mutate(): unknown;
}

/** What a list answers (SWR): its rows, however the answer holds them, and the states around them. */
export interface ListAnswer<D> {
  data?: D;
  error?: unknown;
  isLoading: boolean;
  isValidating?: boolean;
  mutate(): unknown;
}

/**
 * The DataTable props of an SWR answer: its rows (`rows` picks them out of the answer, e.g. a page's `items`),
 * loading before the first answer, dimmed while a newer one comes, the error with Try again.
 */
export function answerTableProps<D, T>(answer: ListAnswer<D>, rows: (data: D) => readonly T[]) {
  return {
    items: answer.data === undefined ? undefined : rows(answer.data),
    loading: answer.isLoading,
    stale: !!answer.isValidating && answer.data !== undefined,
    error: answer.error,
    onRetry: () => void answer.mutate(),
  };
}

/** What a sorted, server-paged list asks its server for: the page, the search (absent when empty) and the sort. */
export function sortedPageQuery<S extends string>(list: Pick<ListParams<S>, 'page' | 'pageSize' | 'search' | 'sort' | 'dir'>) {
  return { page: list.page, pageSize: list.pageSize, search: list.search || undefined, sort: list.sort, dir: list.dir };
}

/** The DataTable props a server-paged list gives: its rows and states, its sort and its pager, all kept in the address. */
export function pagedTableProps<T, S extends string>(list: ReturnType<typeof useListParams<S>>, answer: PagedAnswer<T>) {
  return {
    ...answerTableProps(answer, (data) => data.items),
    sort: { column: list.sort, dir: list.dir, onSort: list.sortBy },
    paging: {
      page: list.page,
      pageSize: list.pageSize,
      total: answer.data?.total ?? 0,
      onPage: list.setPage,
      onPageSize: list.setPageSize,
    },
  };
}
