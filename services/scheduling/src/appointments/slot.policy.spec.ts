import { APPOINTMENT_DEFAULTS, type SlotDay } from '@backoffice/contracts';
import { computeSlots, type SlotSettings } from './slot.policy';

const defaults: SlotSettings = { ...APPOINTMENT_DEFAULTS, availableWeekdays: [...APPOINTMENT_DEFAULTS.availableWeekdays] };
const settings = (overrides: Partial<SlotSettings>): SlotSettings => ({ ...defaults, ...overrides });
const times = (day: SlotDay | undefined) => day?.slots.map((slot) => slot.time);
const dates = (days: SlotDay[]) => days.map((day) => day.date);

// 2026-03-02 is a Monday.
const MONDAY_8AM_UTC = new Date('2026-03-02T08:00:00Z');

describe('computeSlots over a table of settings', () => {
  const table: {
    name: string;
    settings: SlotSettings;
    now?: Date;
    timeZone?: string;
    from?: string;
    to?: string;
    dates: string[];
    firstDay?: string[];
  }[] = [
    {
      name: 'defaults: 30 open dates, 11:00 to 17:00 in 30-minute slots',
      settings: defaults,
      to: '2026-03-04',
      dates: ['2026-03-02', '2026-03-03', '2026-03-04'],
      firstDay: ['11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30'],
    },
    {
      name: 'an end time that is not a whole number of slots after the start drops the last partial slot',
      settings: settings({ startTime: '09:00:00', endTime: '10:40:00', slotDuration: 30, maxUpcomingAvailableDates: 1 }),
      dates: ['2026-03-02'],
      firstDay: ['09:00', '09:30', '10:00'],
    },
    {
      name: 'a 45-minute slot from 09:15 to 12:00',
      settings: settings({ startTime: '09:15:00', endTime: '12:00:00', slotDuration: 45, maxUpcomingAvailableDates: 1 }),
      dates: ['2026-03-02'],
      firstDay: ['09:15', '10:00', '10:45'],
    },
    {
      name: 'only weekdays Monday to Friday, 5 dates',
      settings: settings({ availableWeekdays: [1, 2, 3, 4, 5], maxUpcomingAvailableDates: 5 }),
      dates: ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'],
    },
    {
      name: 'a disabled adjusted date closes an open weekday and the window moves on',
      settings: settings({
        availableWeekdays: [1, 2, 3, 4, 5],
        maxUpcomingAvailableDates: 3,
        disabledDates: [{ date: '2026-03-03', disabled: true }],
      }),
      dates: ['2026-03-02', '2026-03-04', '2026-03-05'],
    },
    {
      name: 'an enabled adjusted date opens a closed weekday (a Sunday) and counts toward the maximum',
      settings: settings({
        availableWeekdays: [1],
        maxUpcomingAvailableDates: 3,
        disabledDates: [{ date: '2026-03-08', disabled: false }],
      }),
      dates: ['2026-03-02', '2026-03-08', '2026-03-09'],
    },
    {
      name: 'a disabled and an enabled adjusted date together, listed out of order',
      settings: settings({
        availableWeekdays: [6, 7],
        maxUpcomingAvailableDates: 4,
        disabledDates: [
          { date: '2026-03-08', disabled: true },
          { date: '2026-03-04', disabled: false },
        ],
      }),
      dates: ['2026-03-04', '2026-03-07', '2026-03-14', '2026-03-15'],
    },
    {
      name: 'one weekday only: the window of 3 dates spans 3 weeks',
      settings: settings({ availableWeekdays: [7], maxUpcomingAvailableDates: 3 }),
      dates: ['2026-03-08', '2026-03-15', '2026-03-22'],
    },
    {
      name: 'nothing open: no slots, and the search ends',
      settings: settings({ availableWeekdays: [] }),
      dates: [],
    },
    {
      name: 'an enabled date far beyond a year is still found when no weekday is open',
      settings: settings({ availableWeekdays: [], disabledDates: [{ date: '2027-06-01', disabled: false }] }),
      dates: ['2027-06-01'],
    },
    {
      name: 'today after 12:10: the past slots are gone, today still counts',
      settings: settings({ maxUpcomingAvailableDates: 2 }),
      now: new Date('2026-03-02T12:10:00Z'),
      dates: ['2026-03-02', '2026-03-03'],
      firstDay: ['12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30'],
    },
    {
      name: 'today after the last slot: today does not count',
      settings: settings({ maxUpcomingAvailableDates: 2 }),
      now: new Date('2026-03-02T16:31:00Z'),
      dates: ['2026-03-03', '2026-03-04'],
    },
    {
      name: '"today" is the date in the branch time zone (Los Angeles is still on Sunday evening)',
      settings: settings({ maxUpcomingAvailableDates: 2 }),
      now: new Date('2026-03-02T03:00:00Z'),
      timeZone: 'America/Los_Angeles',
      dates: ['2026-03-02', '2026-03-03'],
    },
    {
      name: 'from and to select inside the window; dates before from still count toward the maximum',
      settings: settings({ maxUpcomingAvailableDates: 5 }),
      from: '2026-03-05',
      to: '2026-03-20',
      dates: ['2026-03-05', '2026-03-06'],
    },
    {
      name: 'a from in the past is read as today',
      settings: settings({ maxUpcomingAvailableDates: 1 }),
      from: '2025-01-01',
      dates: ['2026-03-02'],
    },
  ];

  it.each(table)('$name', (row) => {
    const days = computeSlots(row.settings, {
      timeZone: row.timeZone ?? 'UTC',
      now: row.now ?? MONDAY_8AM_UTC,
      from: row.from,
      to: row.to,
    });
    expect(dates(days)).toEqual(row.dates);
    if (row.firstDay) expect(times(days[0])).toEqual(row.firstDay);
  });

  it('returns 30 dates with the defaults and nothing beyond them', () => {
    const days = computeSlots(defaults, { timeZone: 'UTC', now: MONDAY_8AM_UTC });
    expect(days).toHaveLength(30);
    expect(days[29].date).toBe('2026-03-31');
    expect(days.every((day) => day.slots.length === 12)).toBe(true);
    expect(days[0]).toMatchObject({ weekday: 1 });
    expect(days[0].slots[0]).toEqual({ start: '2026-03-02T11:00:00+00:00', end: '2026-03-02T11:30:00+00:00', time: '11:00' });
  });
});

describe('computeSlots across daylight-saving changes', () => {
  const newYork = { timeZone: 'America/New_York', now: new Date('2026-03-06T12:00:00Z') };

  it('keeps the wall-clock hours when New York moves to summer time (2026-03-08)', () => {
    const days = computeSlots(settings({ maxUpcomingAvailableDates: 4 }), newYork);
    const byDate = Object.fromEntries(days.map((day) => [day.date, day]));
    expect(byDate['2026-03-07'].slots[0].start).toBe('2026-03-07T11:00:00-05:00');
    expect(byDate['2026-03-08'].slots[0].start).toBe('2026-03-08T11:00:00-04:00');
    expect(byDate['2026-03-09'].slots[0].start).toBe('2026-03-09T11:00:00-04:00');
    expect(byDate['2026-03-08'].slots).toHaveLength(12);
  });

  it('has one hour less on the spring-forward night: 01:00 to 04:00 gives four 30-minute slots', () => {
    const days = computeSlots(
      settings({ startTime: '01:00:00', endTime: '04:00:00', availableWeekdays: [7], maxUpcomingAvailableDates: 1 }),
      newYork,
    );
    expect(days[0].date).toBe('2026-03-08');
    expect(days[0].slots.map((slot) => [slot.time, slot.start, slot.end])).toEqual([
      ['01:00', '2026-03-08T01:00:00-05:00', '2026-03-08T01:30:00-05:00'],
      ['01:30', '2026-03-08T01:30:00-05:00', '2026-03-08T03:00:00-04:00'],
      ['03:00', '2026-03-08T03:00:00-04:00', '2026-03-08T03:30:00-04:00'],
      ['03:30', '2026-03-08T03:30:00-04:00', '2026-03-08T04:00:00-04:00'],
    ]);
  });

  it('a start time inside the gap (02:30) opens at 03:30 summer time', () => {
    const days = computeSlots(
      settings({ startTime: '02:30:00', endTime: '05:00:00', slotDuration: 60, availableWeekdays: [7], maxUpcomingAvailableDates: 1 }),
      newYork,
    );
    expect(times(days[0])).toEqual(['03:30']);
  });

  it('has one hour more on the fall-back night: 01:00 to 03:00 gives six slots, 01:00 and 01:30 twice', () => {
    const days = computeSlots(
      settings({ startTime: '01:00:00', endTime: '03:00:00', availableWeekdays: [7], maxUpcomingAvailableDates: 1 }),
      { timeZone: 'America/New_York', now: new Date('2026-10-30T12:00:00Z') },
    );
    expect(days[0].date).toBe('2026-11-01');
    expect(days[0].slots.map((slot) => slot.start)).toEqual([
      '2026-11-01T01:00:00-04:00',
      '2026-11-01T01:30:00-04:00',
      '2026-11-01T01:00:00-05:00',
      '2026-11-01T01:30:00-05:00',
      '2026-11-01T02:00:00-05:00',
      '2026-11-01T02:30:00-05:00',
    ]);
  });

  it('handles Europe/Berlin on its change (2026-03-29) with daytime hours unchanged', () => {
    const days = computeSlots(settings({ startTime: '09:00:00', endTime: '12:00:00', slotDuration: 60, maxUpcomingAvailableDates: 3 }), {
      timeZone: 'Europe/Berlin',
      now: new Date('2026-03-28T05:00:00Z'),
    });
    expect(days.map((day) => [day.date, day.slots[0].start, day.slots.length])).toEqual([
      ['2026-03-28', '2026-03-28T09:00:00+01:00', 3],
      ['2026-03-29', '2026-03-29T09:00:00+02:00', 3],
      ['2026-03-30', '2026-03-30T09:00:00+02:00', 3],
    ]);
  });

  it('a half-hour zone (Asia/Kolkata) writes its offset', () => {
    const days = computeSlots(settings({ maxUpcomingAvailableDates: 1 }), { timeZone: 'Asia/Kolkata', now: MONDAY_8AM_UTC });
    // 08:00 UTC is 13:30 in Kolkata: the 11:00 to 13:00 slots are gone.
    expect(days[0].slots[0].start).toBe('2026-03-02T13:30:00+05:30');
  });
});
