/**
 * PostgreSQL COPY text format: one line per row, tab-separated, \N for null, and backslash,
 * tab, newline and carriage return escaped.
 */
const NEEDS_ESCAPE = /[\\\t\n\r]/;

/** A text field: almost every value needs no escape, and is answered as it is (no copy). */
export function copyText(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/** A text field that may be null. */
export function copyNullable(value: string | null | undefined): string {
  return value === null || value === undefined ? '\\N' : copyText(value);
}

export function copyField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  return copyText(value);
}

export function copyLine(values: readonly (string | number | boolean | null | undefined)[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) line += (i ? '\t' : '') + copyField(values[i]);
  return `${line}\n`;
}
