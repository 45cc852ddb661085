/**
 * Spreadsheet day numbers ("serials"). In the 1900 date system day 1 is 1900-01-01 and, copying
 * Lotus 1-2-3, day 60 is 1900-02-29, a day that never existed: from day 61 on, serials are one
 * ahead of the real count. In the 1904 system (old Mac workbooks) day 0 is 1904-01-01.
 */
const DAY_MS = 86_400_000;
const EPOCH_1900 = Date.UTC(1899, 11, 31); // serial 0 → 1899-12-31 (serials 1..59)
const EPOCH_1900_AFTER_BUG = Date.UTC(1899, 11, 30); // serial 61 → 1900-03-01
const EPOCH_1904 = Date.UTC(1904, 0, 1);

export type SerialDate = { ok: true; date: Date } | { ok: false; reason: string };

/** The UTC calendar day of a serial (any time of day is dropped). */
export function serialToDate(serial: number, date1904 = false): SerialDate {
  if (!Number.isFinite(serial)) return { ok: false, reason: 'is not a number' };
  const day = Math.floor(serial);
  if (date1904) {
    if (day < 0) return { ok: false, reason: 'is before 1904-01-01' };
    return { ok: true, date: new Date(EPOCH_1904 + day * DAY_MS) };
  }
  if (day < 1) return { ok: false, reason: 'is before 1900-01-01' };
  if (day === 60) return { ok: false, reason: 'is 29 February 1900, a day that does not exist' };
  const epoch = day < 60 ? EPOCH_1900 : EPOCH_1900_AFTER_BUG;
  return { ok: true, date: new Date(epoch + day * DAY_MS) };
}

/** The serial of a UTC calendar day in the 1900 system (for the template and exports). */
export function dateToSerial(date: Date): number {
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const serial = Math.round((day - EPOCH_1900_AFTER_BUG) / DAY_MS);
  return serial >= 61 ? serial : Math.round((day - EPOCH_1900) / DAY_MS);
}

const TWO_DIGITS = Array.from({ length: 32 }, (_, n) => String(n).padStart(2, '0'));

/** yyyy-mm-dd of a UTC day (built by hand: toISOString costs a quarter of reading a lead's row). */
export function isoDay(date: Date): string {
  const year = date.getUTCFullYear();
  if (year < 1000 || year > 9999) return date.toISOString().slice(0, 10);
  return `${year}-${TWO_DIGITS[date.getUTCMonth() + 1]}-${TWO_DIGITS[date.getUTCDate()]}`;
}
