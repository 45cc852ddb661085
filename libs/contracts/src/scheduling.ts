import { z } from 'zod';
import { calendarDate } from './dates';

/* ------------------------------------------------------------------ branches */

export const BRANCH_TYPES = ['Branch', 'Head Office', 'Partner Branch', 'SPP'] as const;
export const BranchTypeSchema = z.enum(BRANCH_TYPES, { error: 'Type is required' });
export type BranchType = z.infer<typeof BranchTypeSchema>;

/** True when `value` is an IANA time zone this runtime knows ("Europe/Paris", "UTC"). */
export function isTimeZone(value: string): boolean {
  if (!value || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A query's `tz`: the caller's IANA time zone, whose days "today", "this week" and "this month" are (UTC when absent). */
export const callerTimeZone = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(64)
    .refine(isTimeZone, 'Time zone must be an IANA time zone, e.g. America/New_York.')
    .default('UTC')
    .meta({ description: 'The caller\'s time zone: "today", "this week" and "this month" are its days (UTC when absent).' });

export const GeoPointSchema = z.object({
  lat: z
    .number({ error: 'Latitude must be a number' })
    .min(-90, 'Latitude is between -90 and 90')
    .max(90, 'Latitude is between -90 and 90'),
  lng: z
    .number({ error: 'Longitude must be a number' })
    .min(-180, 'Longitude is between -180 and 180')
    .max(180, 'Longitude is between -180 and 180'),
});
export type GeoPoint = z.infer<typeof GeoPointSchema>;

/** Digits with an optional leading +, spaces, dots, dashes and brackets: "+1 (212) 555-0100". */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{3,38}[0-9]$/;

/** The body of POST /api/branches and PUT /api/branches/{id}. */
export const BranchInputSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name is at most 120 characters'),
  phoneNumber: z
    .string({ error: 'Phone number is required' })
    .trim()
    .min(1, 'Phone number is required')
    .max(40, 'Phone number is at most 40 characters')
    .regex(PHONE_PATTERN, 'Enter a phone number, e.g. +1 212 555 0100'),
  address: z.string({ error: 'Address is required' }).trim().min(1, 'Address is required').max(300, 'Address is at most 300 characters'),
  type: BranchTypeSchema,
  countryCCN3: z.string({ error: 'Country is required' }).regex(/^\d{3}$/, 'Country is required'),
  active: z.boolean().default(true),
  /** Where the branch is on the map; null when not placed. */
  location: GeoPointSchema.nullable().default(null),
  /** IANA time zone of the branch's opening hours; the service's default when absent. */
  timeZone: z.string().trim().refine(isTimeZone, 'Unknown time zone').optional(),
});
export type BranchInput = z.input<typeof BranchInputSchema>;

export const BranchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  type: BranchTypeSchema,
  countryCCN3: z.string(),
  active: z.boolean(),
  location: GeoPointSchema.nullable(),
  timeZone: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Branch = z.infer<typeof BranchSchema>;

/**
 * Compacted topic of branches, key = branch id: `created` / `updated` carry the full Branch; a deletion
 * publishes `deleted` (data: the id) and then a tombstone.
 */
export const SCHEDULING_BRANCH_TOPIC = 'scheduling.branch.v1';
export const SCHEDULING_BRANCH_EVENT_TYPES = ['created', 'updated', 'deleted'] as const;

/** A country of the bundled list used for branches (GET /api/branches/countries). */
export const BranchCountrySchema = z.object({
  ccn3: z.string(),
  cca2: z.string(),
  name: z.object({ common: z.string(), official: z.string() }),
  /** International dialling: root "+3" and suffixes ["3"] make +33. */
  idd: z.object({ root: z.string(), suffixes: z.array(z.string()) }),
  /** The flag image, served by the scheduling service itself. */
  flags: z.object({ svg: z.string() }),
});
export type BranchCountry = z.infer<typeof BranchCountrySchema>;

export const branchFlagPath = (ccn3: string): string => `/api/branches/countries/${ccn3}/flag.svg`;

/** The country's calling code when it has one ("+33"), else its dialling root ("+1" for the many US area codes). */
export const callingCode = (country: Pick<BranchCountry, 'idd'>): string =>
  country.idd.suffixes.length === 1 ? `${country.idd.root}${country.idd.suffixes[0]}` : country.idd.root;

/* ------------------------------------------------------- appointment settings */

/** ISO weekday numbers, Monday first. */
export const WEEKDAYS = [
  { number: 1, name: 'Monday' },
  { number: 2, name: 'Tuesday' },
  { number: 3, name: 'Wednesday' },
  { number: 4, name: 'Thursday' },
  { number: 5, name: 'Friday' },
  { number: 6, name: 'Saturday' },
  { number: 7, name: 'Sunday' },
] as const;

export const APPOINTMENT_LIMITS = {
  slotDurationMin: 5,
  slotDurationMax: 120,
  maxUpcomingAvailableDatesMin: 1,
  maxUpcomingAvailableDatesMax: 30,
  /** Adjusted dates one branch may hold. */
  adjustedDatesMax: 400,
  /** Longest date range the Adjust Dates list takes in one step. */
  adjustRangeMaxDays: 92,
  /** Longest from..to range of GET /slots. */
  slotQueryMaxDays: 366,
} as const;

export const APPOINTMENT_DEFAULTS = {
  slotDuration: 30,
  maxUpcomingAvailableDates: 30,
  startTime: '11:00:00',
  endTime: '17:00:00',
  availableWeekdays: [1, 2, 3, 4, 5, 6, 7],
  disabledDates: [] as AdjustedDate[],
} as const;

/** A calendar date "YYYY-MM-DD" that exists. */
export const CalendarDateSchema = calendarDate({
  required: 'Enter a date as YYYY-MM-DD',
  format: 'Enter a date as YYYY-MM-DD',
  real: 'This date does not exist',
});

/** "hh:mm" or "hh:mm:00", stored as "hh:mm:00". */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:00)?$/;
export const TimeOfDaySchema = z
  .string({ error: 'Enter a time as hh:mm' })
  .trim()
  .regex(TIME_OF_DAY_PATTERN, 'Enter a time as hh:mm')
  .transform((value) => (value.length === 5 ? `${value}:00` : value));

/** Minutes since midnight of "hh:mm[:ss]". */
export const minutesOfDay = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** One entry of the Adjust Dates list: a closed day (disabled) or an extra open day (enabled). */
export const AdjustedDateSchema = z.object({
  date: CalendarDateSchema,
  disabled: z.boolean({ error: 'Disabled must be true or false' }),
});
export type AdjustedDate = z.infer<typeof AdjustedDateSchema>;

export const DUPLICATE_ADJUSTED_DATE = 'This date is already in the adjust list';

const numberField = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/** The body of PUT /api/branches/{id}/appointment-settings. */
export const AppointmentSettingsInputSchema = z
  .object({
    slotDuration: numberField('Slot duration', APPOINTMENT_LIMITS.slotDurationMin, APPOINTMENT_LIMITS.slotDurationMax),
    maxUpcomingAvailableDates: numberField(
      'Max upcoming available dates',
      APPOINTMENT_LIMITS.maxUpcomingAvailableDatesMin,
      APPOINTMENT_LIMITS.maxUpcomingAvailableDatesMax,
    ),
    startTime: TimeOfDaySchema,
    endTime: TimeOfDaySchema,
    availableWeekdays: z
      .array(z.number().int().min(1, 'Weekdays are numbered 1 to 7').max(7, 'Weekdays are numbered 1 to 7'))
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'A weekday is listed twice'),
    disabledDates: z.array(AdjustedDateSchema).max(APPOINTMENT_LIMITS.adjustedDatesMax, 'Too many adjusted dates'),
  })
  .superRefine((value, context) => {
    const start = minutesOfDay(value.startTime);
    const end = minutesOfDay(value.endTime);
    if (end <= start) {
      context.addIssue({ code: 'custom', path: ['endTime'], message: 'The end time must be after the start time' });
    } else if (end - start < value.slotDuration) {
      context.addIssue({ code: 'custom', path: ['slotDuration'], message: 'No slot fits between the start and end time' });
    }
    const seen = new Set<string>();
    value.disabledDates.forEach((entry, index) => {
      if (seen.has(entry.date))
        context.addIssue({ code: 'custom', path: ['disabledDates', index, 'date'], message: DUPLICATE_ADJUSTED_DATE });
      seen.add(entry.date);
    });
  });
export type AppointmentSettingsInput = z.input<typeof AppointmentSettingsInputSchema>;

export const AppointmentSettingsSchema = z
  .object({
    branchId: z.number().int(),
    slotDuration: z.number().int(),
    maxUpcomingAvailableDates: z.number().int(),
    startTime: z.string().meta({ description: '"hh:mm:00"' }),
    endTime: z.string(),
    availableWeekdays: z.array(z.number().int()),
    disabledDates: z.array(z.object({ date: z.string(), disabled: z.boolean() })).meta({ description: 'Sorted by date.' }),
    saved: z.boolean().meta({ description: 'False while the branch still runs on the defaults (nothing saved yet).' }),
  })
  .meta({ id: 'AppointmentSettings' });
export type AppointmentSettings = z.infer<typeof AppointmentSettingsSchema>;

export const SaveAppointmentSettingsResponseSchema = z.object({ message: z.string() });
export type SaveAppointmentSettingsResponse = z.infer<typeof SaveAppointmentSettingsResponseSchema>;

/* --------------------------------------------------------------------- slots */

export const SlotQuerySchema = z
  .object({
    /** First date (in the branch's time zone), default today. */
    from: CalendarDateSchema.optional(),
    /** Last date, default the end of the booking window. */
    to: CalendarDateSchema.optional(),
  })
  .superRefine((value, context) => {
    if (!value.from || !value.to) return;
    const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000;
    if (days < 0) context.addIssue({ code: 'custom', path: ['to'], message: 'The end date is before the start date' });
    else if (days >= APPOINTMENT_LIMITS.slotQueryMaxDays)
      context.addIssue({ code: 'custom', path: ['to'], message: `Ask for at most ${APPOINTMENT_LIMITS.slotQueryMaxDays} days` });
  });
export type SlotQuery = z.infer<typeof SlotQuerySchema>;

export const SlotSchema = z.object({
  start: z.string().meta({ description: 'ISO 8601 with the branch\'s UTC offset, e.g. "2026-03-09T11:00:00-04:00".' }),
  end: z.string(),
  time: z.string().meta({ description: 'Local wall-clock start "hh:mm".' }),
});
export type Slot = z.infer<typeof SlotSchema>;

export const SlotDaySchema = z.object({
  date: z.string().meta({ description: '"YYYY-MM-DD" in the branch\'s time zone.' }),
  weekday: z.number().int().min(1).max(7).meta({ description: '1 (Monday) to 7 (Sunday).' }),
  slots: z.array(SlotSchema),
});
export type SlotDay = z.infer<typeof SlotDaySchema>;

export const BranchSlotsSchema = z
  .object({ branchId: z.number().int(), timeZone: z.string(), slotDuration: z.number().int(), days: z.array(SlotDaySchema) })
  .meta({ id: 'BranchSlots' });
export type BranchSlots = z.infer<typeof BranchSlotsSchema>;
