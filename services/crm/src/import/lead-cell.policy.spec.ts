import { fromSpreadsheetText, spreadsheetText } from '@backoffice/contracts';
import { cellText, withoutFormulaQuote } from './lead-cell.policy';

describe('reading back text a sheet of ours wrote', () => {
  it.each([
    '=1+1',
    '=HYPERLINK("http://x","y")',
    "+cmd|' /C calc'!A0",
    '-2+3+cmd|x',
    '@SUM(A1)',
    '+1 555 010 0100',
    '-12.5',
    'Ann',
    "'quoted",
    '',
  ])('reads %j as it was before spreadsheetText, as libs/contracts does', (value) => {
    const written = spreadsheetText(value);
    expect(withoutFormulaQuote(written)).toBe(value);
    expect(withoutFormulaQuote(written)).toBe(fromSpreadsheetText(written));
  });

  it('trims around the quote', () => {
    expect(cellText("  '=1+1 ")).toBe('=1+1');
    expect(cellText({ richText: [{ text: "'@A1" }] })).toBe('@A1');
  });
});
