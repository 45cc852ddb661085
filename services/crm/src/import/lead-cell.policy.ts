/**
 * What a spreadsheet cell holds, as the streaming reader gives it: a number, a string, a boolean,
 * a Date, rich text, a hyperlink, a formula with its result, or an error value.
 */
export type SheetCell = unknown;

interface RichText {
  richText: { text?: string }[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The value a cell shows: formulas give their result, hyperlinks their text, rich text its plain text. */
export function cellValue(cell: SheetCell): string | number | boolean | Date | undefined {
  if (cell === null || cell === undefined) return undefined;
  if (typeof cell === 'string' || typeof cell === 'number' || typeof cell === 'boolean' || cell instanceof Date) return cell;
  if (!isObject(cell)) return undefined;
  if (Array.isArray((cell as unknown as RichText).richText)) {
    return (cell as unknown as RichText).richText.map((run) => run.text ?? '').join('');
  }
  if ('result' in cell) return cellValue(cell.result);
  if ('text' in cell) return cellValue(cell.text);
  if ('error' in cell) return String(cell.error);
  return undefined;
}

/** A number as a spreadsheet shows it: whole numbers below 10^21 never take an exponent in JavaScript. */
export function numberText(value: number): string {
  return String(value);
}

/*
 * The product's own sheets (the failed rows, the group export) put an apostrophe in front of text a
 * spreadsheet program would take for a formula (spreadsheetText in libs/contracts). Read back, it is
 * not part of the data. The rule is repeated here rather than imported: the import thread loads no
 * more than it needs (lead-cell.policy.spec.ts checks both agree).
 */
const FORMULA_START = /^[\t\r]*[=+\-@]/;
const PLAIN_NUMBER = /^[+-]?[\d\s().\-/]*$/;

export function withoutFormulaQuote(text: string): string {
  const rest = text.slice(1);
  return text.startsWith("'") && FORMULA_START.test(rest) && !PLAIN_NUMBER.test(rest) ? rest : text;
}

/**
 * The cell as trimmed text ('' when empty). Text a sheet of ours wrote with an apostrophe in front
 * (so that no spreadsheet program takes it for a formula: the failed-rows sheet, fixed and uploaded
 * again) is read without it.
 */
export function cellText(cell: SheetCell): string {
  const value = cellValue(cell);
  if (value === undefined) return '';
  if (typeof value === 'number') return numberText(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return withoutFormulaQuote(String(value).trim()).trim();
}
