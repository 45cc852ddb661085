import { fromSpreadsheetText, spreadsheetCell, spreadsheetText } from './spreadsheet-text';

describe('spreadsheetText', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ['-2+3+cmd|x', "'-2+3+cmd|x"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
  ])('puts an apostrophe in front of %j', (value, written) => {
    expect(spreadsheetText(value)).toBe(written);
    expect(fromSpreadsheetText(written)).toBe(value);
  });

  it.each(['+1 555 010 0100', '-12.5', '(555) 010-0100', 'Ann', 'a=b', "'quoted", '', '1-2-3'])('leaves %j as it is', (value) => {
    expect(spreadsheetText(value)).toBe(value);
    expect(fromSpreadsheetText(value)).toBe(value);
  });

  it('leaves numbers, dates and empty cells alone', () => {
    const date = new Date();
    expect(spreadsheetCell(5)).toBe(5);
    expect(spreadsheetCell(date)).toBe(date);
    expect(spreadsheetCell(null)).toBeNull();
    expect(spreadsheetCell('=A1')).toBe("'=A1");
  });
});
