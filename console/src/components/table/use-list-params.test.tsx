import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAGE_SIZE, pageSizeFrom, useListParams } from './use-list-params';

type Sort = 'name' | 'created';

/** Renders the hook at `url`, and reports the address it leaves behind. */
function renderAt(url: string, pageSize?: number) {
  let search = '';
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  const hook = renderHook(
    () => {
      search = useLocation().search;
      return useListParams<Sort>({ sort: 'name', dir: 'asc', pageSize }, ['role']);
    },
    { wrapper },
  );
  return { ...hook, address: () => new URLSearchParams(search) };
}

afterEach(() => vi.useRealTimers());

describe('useListParams', () => {
  it('takes page, search, sort, direction, filters and page size from the address', () => {
    const { result } = renderAt('/users?page=3&q=ann&sort=created&dir=desc&role=Manager&pageSize=50');
    expect(result.current).toMatchObject({ page: 3, search: 'ann', searchInput: 'ann', sort: 'created', dir: 'desc', pageSize: 50 });
    expect(result.current.filters).toEqual({ role: 'Manager' });
  });

  it('falls back to the defaults for a missing or broken address', () => {
    const { result } = renderAt('/users?page=-4&dir=sideways&pageSize=13');
    expect(result.current).toMatchObject({ page: 1, search: '', sort: 'name', dir: 'asc', pageSize: DEFAULT_PAGE_SIZE });
    expect(result.current.filters).toEqual({ role: '' });
  });

  it('sorts by a new column in its first direction, flips it on the same column, and starts from page 1', () => {
    const { result, address } = renderAt('/users?page=4');
    act(() => result.current.sortBy('created', 'desc'));
    expect(result.current).toMatchObject({ sort: 'created', dir: 'desc', page: 1 });
    expect(address().get('page')).toBeNull();
    act(() => result.current.sortBy('created'));
    expect(result.current.dir).toBe('asc');
    expect(address().get('dir')).toBe('asc');
  });

  it('pages, and a filter or a page size starts again from page 1', () => {
    const { result, address } = renderAt('/users');
    act(() => result.current.setPage(2));
    expect(address().get('page')).toBe('2');
    act(() => result.current.setFilter('role', 'Salesagent'));
    expect(result.current).toMatchObject({ page: 1, filters: { role: 'Salesagent' } });
    act(() => result.current.setPage(5));
    act(() => result.current.setPageSize(50));
    expect(result.current).toMatchObject({ page: 1, pageSize: 50 });
    act(() => result.current.setPageSize(DEFAULT_PAGE_SIZE));
    expect(address().get('pageSize')).toBeNull();
  });

  it('asks for a search only once typing pauses for 300 ms, trimmed, from page 1', () => {
    vi.useFakeTimers();
    const { result, address } = renderAt('/users?page=2');
    act(() => result.current.setSearchInput('  bo'));
    expect(result.current).toMatchObject({ searchInput: '  bo', search: '', page: 2 });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current.search).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toMatchObject({ search: 'bo', page: 1 });
    expect(address().get('q')).toBe('bo');
  });

  it('keeps a table-specific default page size out of the address', () => {
    const { result } = renderAt('/users', 10);
    expect(result.current.pageSize).toBe(10);
    expect(pageSizeFrom('20', 10)).toBe(20);
    expect(pageSizeFrom('abc', 10)).toBe(10);
  });
});
