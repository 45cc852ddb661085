/** Calendar dates as "YYYY-MM-DD" (the API's form) from and to the date picker's local Date. */

const pad = (value: number) => String(value).padStart(2, '0');

export function toCalendarDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function fromCalendarDate(value: string): Date {
  const [year, month, day] = value.split('-').map(Number);
  return new Date(year, month - 1, day);
}

export function todayCalendarDate(): string {
  return toCalendarDate(new Date());
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = fromCalendarDate(from); toCalendarDate(day) <= to; day.setDate(day.getDate() + 1)) dates.push(toCalendarDate(day));
  return dates;
}

const longFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' });

/** "Fri, Dec 25, 2026" in the user's locale. */
export function formatCalendarDate(value: string): string {
  return longFormat.format(fromCalendarDate(value));
}
