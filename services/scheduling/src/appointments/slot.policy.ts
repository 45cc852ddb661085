import type { AdjustedDate, SlotDay } from '@backoffice/contracts';
import { addDays, instantOf, isoWeekday, isoWithOffset, offsetMinutes, wallTimeOf } from './zoned-time.policy';

export interface SlotSettings {
  /** 1 (Monday) to 7 (Sunday). */
  availableWeekdays: readonly number[];
  /** How many upcoming open dates can be booked, counted from today. */
  maxUpcomingAvailableDates: number;
  /** Minutes. */
  slotDuration: number;
  /** "hh:mm:00" */
  startTime: string;
  endTime: string;
  /** disabled: the date is closed; enabled: the date is open even on a closed weekday. */
  disabledDates: readonly AdjustedDate[];
}

export interface SlotWindow {
  timeZone: string;
  /** The moment "now": slots that start before it are gone, and "today" is its date in the time zone. */
  now: Date;
  /** First and last date to return ("YYYY-MM-DD", in the time zone); default today and the end of the window. */
  from?: string;
  to?: string;
}

/** How far ahead to look for open dates when few days are open: a year, or the last enabled adjusted date. */
const SEARCH_DAYS = 366;

/** The slots of one open date: from the start time, one every slotDuration real minutes, each ending by the end time. */
export function slotsOfDate(date: string, settings: Pick<SlotSettings, 'slotDuration' | 'startTime' | 'endTime'>, timeZone: string) {
  const open = instantOf(date, settings.startTime, timeZone);
  const close = instantOf(date, settings.endTime, timeZone);
  const step = settings.slotDuration * 60_000;
  const slots: { startMs: number; endMs: number }[] = [];
  for (let start = open; start + step <= close; start += step) slots.push({ startMs: start, endMs: start + step });
  return slots;
}

/**
 * The bookable slots the settings produce: on enabled weekdays, minus disabled adjusted dates, plus
 * enabled adjusted dates, from the start to the end time in slot steps, only in the future, and only
 * on the first maxUpcomingAvailableDates open dates from today (a date counts when it still has a slot).
 * Times are the branch's wall clock; on a daylight-saving day the opening hours keep their wall-clock
 * start and end, so that day has one slot-hour fewer or more.
 */
export function computeSlots(settings: SlotSettings, window: SlotWindow): SlotDay[] {
  const { timeZone } = window;
  const nowMs = window.now.getTime();
  const today = wallTimeOf(nowMs, timeZone).date;
  const from = window.from && window.from > today ? window.from : today;
  const adjusted = new Map(settings.disabledDates.map((entry) => [entry.date, entry.disabled]));
  const weekdays = new Set(settings.availableWeekdays);
  const lastExtraDate = settings.disabledDates
    .filter((entry) => !entry.disabled)
    .map((entry) => entry.date)
    .reduce((last, date) => (date > last ? date : last), today);
  const searchEnd = [addDays(today, SEARCH_DAYS), lastExtraDate].reduce((a, b) => (a > b ? a : b));
  const until = window.to && window.to < searchEnd ? window.to : searchEnd;

  const days: SlotDay[] = [];
  let openDates = 0;
  for (let date = today; date <= until && openDates < settings.maxUpcomingAvailableDates; date = addDays(date, 1)) {
    const weekday = isoWeekday(date);
    const open = adjusted.has(date) ? adjusted.get(date) === false : weekdays.has(weekday);
    if (!open) continue;
    const slots = slotsOfDate(date, settings, timeZone).filter((slot) => slot.startMs >= nowMs);
    if (!slots.length) continue;
    openDates += 1;
    if (date < from) continue;
    // One offset for the whole day unless a daylight-saving change falls inside it: then ask per slot.
    const first = offsetMinutes(slots[0].startMs, timeZone);
    const steady = first === offsetMinutes(slots[slots.length - 1].endMs, timeZone);
    days.push({
      date,
      weekday,
      slots: slots.map((slot) => {
        const startOffset = steady ? first : offsetMinutes(slot.startMs, timeZone);
        const endOffset = steady ? first : offsetMinutes(slot.endMs, timeZone);
        const start = isoWithOffset(slot.startMs, timeZone, startOffset);
        return { start, end: isoWithOffset(slot.endMs, timeZone, endOffset), time: start.slice(11, 16) };
      }),
    });
  }
  return days;
}
