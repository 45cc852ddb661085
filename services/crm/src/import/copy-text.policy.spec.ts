import { copyField, copyLine } from './copy-text.policy';

describe('COPY text format', () => {
  it('escapes what would break a line and marks nulls', () => {
    expect(copyField('plain')).toBe('plain');
    expect(copyField('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    expect(copyField(null)).toBe('\\N');
    expect(copyField(undefined)).toBe('\\N');
    expect(copyField('\\N')).toBe('\\\\N');
    expect(copyField(true)).toBe('t');
    expect(copyField(12)).toBe('12');
  });

  it('joins fields with tabs, one row per line', () => {
    expect(copyLine([1, 'x', null, false])).toBe('1\tx\t\\N\tf\n');
  });
});
