/*
 * Formula injection: a spreadsheet program takes text that starts with = + - @ (or a tab or a
 * carriage return before one) for a formula when the cell is edited, pasted or saved as CSV, and a
 * formula can fetch URLs with the sheet's data or, through DDE, run programs. Text the product
 * writes into a spreadsheet goes through spreadsheetText, which puts an apostrophe in front of such
 * text (OWASP's advice); numbers and phone numbers (+1 555 0100, -12.5) are left as they are.
 */

const FORMULA_START = /^[\t\r]*[=+\-@]/;
/** A sign, digits, spaces, brackets, dots, dashes and slashes only: nothing a formula could do with it. */
const PLAIN_NUMBER = /^[+-]?[\d\s().\-/]*$/;

const isFormulaLike = (value: string) => FORMULA_START.test(value) && !PLAIN_NUMBER.test(value);

/** The text as a spreadsheet cell should hold it. */
export function spreadsheetText(value: string): string {
  return isFormulaLike(value) ? `'${value}` : value;
}

/** A row value as a spreadsheet cell should hold it: text through spreadsheetText, anything else as is. */
export function spreadsheetCell<T>(value: T): T | string {
  return typeof value === 'string' ? spreadsheetText(value) : value;
}

/** Text read from a cell, without the apostrophe spreadsheetText put in front (a sheet we wrote, uploaded again). */
export function fromSpreadsheetText(value: string): string {
  return value.startsWith("'") && isFormulaLike(value.slice(1)) ? value.slice(1) : value;
}
