import { z } from 'zod';

/** "YYYY-MM-DD", optionally followed by an ISO 8601 time and offset ("2026-11-25T04:30:00.000Z"). */
const DATE_OR_DATE_TIME = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/;

/** True when `day` ("YYYY-MM-DD") is a day of the calendar from 1900 on. */
export function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day && date.getUTCFullYear() >= 1900;
}

/**
 * A date field: "YYYY-MM-DD" or a full ISO 8601 date-time, stored as the date it names
 * ("2026-11-25T23:30:00-05:00" is the 25th, as its sender wrote it).
 */
export function calendarDate(messages: { required: string; format: string; real?: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .regex(DATE_OR_DATE_TIME, messages.format)
    .transform((value) => value.slice(0, 10))
    .refine(isCalendarDay, messages.real ?? messages.format);
}
