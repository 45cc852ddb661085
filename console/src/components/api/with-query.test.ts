import { describe, expect, it } from 'vitest';
import { withQuery } from './with-query';

describe('withQuery', () => {
  it('keeps the set values in key order and leaves out undefined, null and empty text', () => {
    expect(withQuery('/list', { page: 2, search: '', role: undefined, active: false, sort: null, q: 'a b&c' })).toBe(
      '/list?page=2&active=false&q=a+b%26c',
    );
  });

  it('answers the bare path when nothing is set, and leaves out false when asked', () => {
    expect(withQuery('/records', {})).toBe('/records');
    expect(withQuery('/mine', { due: false, start: 0 }, { omitFalse: true })).toBe('/mine?start=0');
  });
});
