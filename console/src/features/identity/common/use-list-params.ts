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
}

/**
 * The page, search, sort and filters of a server-paged list, kept in the address (so reload and
 * back keep them). A new search, sort or filter starts again from page 1.
 */
export function useListParams<S extends string>(defaults: { sort: S; dir: 'asc' | 'desc' }, filterNames: readonly string[] = []) {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
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
    const timer = setTimeout(() => update({ q: searchInput.trim(), page: undefined }), 300);
    return () => clearTimeout(timer);
  }, [searchInput, search, update]);

  const value: ListParams<S> = {
    page: Math.max(1, Number(params.get('page')) || 1),
    searchInput,
    search,
    sort: (params.get('sort') as S | null) ?? defaults.sort,
    dir: params.get('dir') === 'asc' ? 'asc' : params.get('dir') === 'desc' ? 'desc' : defaults.dir,
    filters: Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ''])),
  };

  return {
    ...value,
    setSearchInput,
    setPage: (page: number) => update({ page }),
    /** Sorts by a column (first `firstDir`, e.g. newest first for dates); the same column again flips it. */
    sortBy: (column: S, firstDir: 'asc' | 'desc' = 'asc') =>
      update({ sort: column, dir: value.sort === column ? (value.dir === 'asc' ? 'desc' : 'asc') : firstDir, page: undefined }),
    setFilter: (name: string, filter: string) => update({ [name]: filter, page: undefined }),
  };
}
