import { sqlArray } from './sql-array';

describe('array literals', () => {
  it('writes numbers plainly and quotes text', () => {
    expect(sqlArray([1, 2, 3])).toBe('{1,2,3}');
    expect(sqlArray(['a', 'b "c"', 'd\\e', 'x,y'])).toBe('{"a","b \\"c\\"","d\\\\e","x,y"}');
    expect(sqlArray([])).toBe('{}');
  });
});
