const formatters = new Map<string, Intl.DateTimeFormat>();

export type DateStyle = 'date' | 'long-date' | 'date-time';

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  'long-date': { dateStyle: 'long' },
  'date-time': { dateStyle: 'medium', timeStyle: 'short' },
};

/** An ISO 8601 date in the user's locale; an empty or invalid value shows as "—". */
export function formatDate(value: string | Date | null | undefined, style: DateStyle = 'date'): string {
  if (!value) return '—';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  let formatter = formatters.get(style);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(undefined, OPTIONS[style]);
    formatters.set(style, formatter);
  }
  return formatter.format(date);
}
