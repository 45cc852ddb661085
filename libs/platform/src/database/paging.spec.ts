import { containsPattern, escapeLike, pageOffset, pageWindow, toPage } from './paging';

describe('paging', () => {
  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });

  it('wraps a search term and escapes LIKE wildcards', () => {
    expect(containsPattern('ann')).toBe('%ann%');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('computes the offset of a 1-based page', () => {
    expect(pageOffset(1, 20)).toBe(0);
    expect(pageOffset(3, 25)).toBe(50);
    expect(pageWindow({ page: 3, pageSize: 25 })).toEqual({ limit: 25, offset: 50 });
  });

  it('builds a page', () => {
    expect(toPage(['a'], 41, { page: 3, pageSize: 20 })).toEqual({ items: ['a'], total: 41, page: 3, pageSize: 20 });
  });
});
