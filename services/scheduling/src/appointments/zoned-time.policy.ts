/**
 * Wall-clock time in an IANA time zone, with nothing but Intl: which instant a local date and time
 * is, and which local date and time an instant is. Daylight-saving gaps and overlaps are resolved
 * the way Temporal's "compatible" disambiguation does: a time skipped by a gap moves forward by the
 * gap's length, a time that happens twice is its earlier occurrence.
 */

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface WallTime {
  /** "YYYY-MM-DD" */
  date: string;
  /** "hh:mm" */
  time: string;
  /** Milliseconds of the wall time read as if it were UTC (for arithmetic). */
  wallMs: number;
}

/** The local date and time of `instant` in `timeZone`. */
export function wallTimeOf(instant: Date | number, timeZone: string): WallTime {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) parts[part.type] = part.value;
  const wallMs = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}`, wallMs };
}

/** The UTC offset of `timeZone` at `instant`, in minutes east of UTC (New York in winter: -300). */
export function offsetMinutes(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return Math.round((wallTimeOf(whole, timeZone).wallMs - whole) / 60_000);
}

/** The instant at which the clocks in `timeZone` show `date` ("YYYY-MM-DD") `time` ("hh:mm[:ss]"). */
export function instantOf(date: string, time: string, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute, second = 0] = time.split(':').map(Number);
  const wallMs = Date.UTC(year, month - 1, day, hour, minute, second);
  // At most one transition lies within a day either side of any wall time.
  const before = wallMs - offsetMinutes(wallMs - DAY_MS, timeZone) * 60_000;
  const after = wallMs - offsetMinutes(wallMs + DAY_MS, timeZone) * 60_000;
  const valid = [before, after].filter((candidate) => wallTimeOf(candidate, timeZone).wallMs === wallMs);
  if (valid.length) return Math.min(...valid);
  // A gap: read with the offset in force before it, which lands after the gap.
  return before;
}

/** "2026-03-09T11:00:00-04:00": an instant written with the offset it has in `timeZone` (or the offset given). */
export function isoWithOffset(instant: number, timeZone: string, knownOffset?: number): string {
  const offset = knownOffset ?? offsetMinutes(instant, timeZone);
  const local = new Date(instant + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday of a calendar date: 1 (Monday) to 7 (Sunday). */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}
