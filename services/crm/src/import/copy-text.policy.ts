/**
 * PostgreSQL COPY text format: one line per row, tab-separated, \N for null, and backslash,
 * tab, newline and carriage return escaped.
 */
export function copyField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  if (!/[\\\t\n\r]/.test(value)) return value;
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

export function copyLine(values: readonly (string | number | boolean | null | undefined)[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) line += (i ? '\t' : '') + copyField(values[i]);
  return `${line}\n`;
}
