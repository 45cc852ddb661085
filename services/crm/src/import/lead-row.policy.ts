import type { LeadField } from './lead-header.policy';
import { cellText, cellValue, type SheetCell } from './lead-cell.policy';
import { isoDay, serialToDate } from './spreadsheet-date.policy';

/** A lead read from one sheet row, ready to store (the SSN is still plain: the writer encrypts it). */
export interface ParsedLead {
  ssn: string | null;
  firstName: string;
  lastName: string;
  workAt: string;
  gender: string;
  currentCity: string;
  /** yyyy-mm-dd */
  dob: string | null;
  email: string;
  emailKey: string | null;
  phone: string;
  phoneKey: string | null;
  notes: string;
}

/** A failed row's values in the template's columns, kept for the failed-rows spreadsheet. */
export type FailedRowCells = Partial<Record<Exclude<LeadField, 'fullName'>, string | number>>;

export type RowOutcome =
  { kind: 'blank' } | { kind: 'lead'; lead: ParsedLead } | { kind: 'invalid'; reason: string; cells: FailedRowCells };

export interface RowContext {
  date1904: boolean;
  /** Today, UTC: a date of birth cannot be after it. */
  today: Date;
  /** Opens an SSN token of a failed-rows sheet (`enc:…`, see SsnCipher); undefined when it cannot. */
  openSsnToken?: (token: string) => string | undefined;
}

/** SSNs of failed rows travel as encrypted tokens, so the console never receives one whole. */
export const SSN_TOKEN_PREFIX = 'enc:';

const LIMITS = { name: 100, workAt: 200, currentCity: 100, email: 254, notes: 2000 } as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_CHARACTERS = /^[+\d\s().\-/]+$/;
/** Gender spellings, compared lower-cased without anything but letters. */
const GENDERS = new Map([
  ['m', 'Male'],
  ['male', 'Male'],
  ['man', 'Male'],
  ['f', 'Female'],
  ['female', 'Female'],
  ['woman', 'Female'],
  ['o', 'Other'],
  ['other', 'Other'],
  ['x', 'Other'],
  ['nonbinary', 'Other'],
]);

/** The spellings met most, looked up as written first (an import reads hundreds of thousands of rows). */
const GENDER_AS_WRITTEN = new Map([
  ['Male', 'Male'],
  ['Female', 'Female'],
  ['Other', 'Other'],
  ['M', 'Male'],
  ['F', 'Female'],
]);

type Cells = Partial<Record<LeadField, SheetCell>>;

/** Splits "Mary Ann Smith" into "Mary Ann" and "Smith"; one word is a first name. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const words = fullName.split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1] };
}

/** Digits of a phone number, the key duplicates are found by; undefined when it is not one. */
export function phoneKey(phone: string): string | undefined {
  if (!PHONE_CHARACTERS.test(phone)) return undefined;
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 7 && digits.length <= 15 ? digits : undefined;
}

/** 9 digits from an SSN typed with or without dashes, or a number that lost its leading zeros. */
export function normalizeSsn(cell: SheetCell): string | undefined {
  const value = cellValue(cell);
  if (typeof value === 'number') {
    return Number.isInteger(value) && value > 0 && value < 1e9 ? String(value).padStart(9, '0') : undefined;
  }
  const text = cellText(cell);
  if (!/^[\d\s-]+$/.test(text)) return undefined;
  const digits = text.replace(/\D/g, '');
  return digits.length === 9 ? digits : undefined;
}

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T\s].*)?$/;
const DOTTED_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

function utcDay(year: number, month: number, day: number): Date | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : undefined;
}

/** A date of birth from a day number, a date cell or text (yyyy-mm-dd, MM/DD/YYYY, DD.MM.YYYY). */
export function parseDob(cell: SheetCell, context: RowContext): { dob: string | null } | { reason: string } {
  const value = cellValue(cell);
  if (value === undefined || value === '') return { dob: null };
  let date: Date | undefined;
  const shown = cellText(cell);
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()))) {
    const serial = serialToDate(Number(value), context.date1904);
    if (!serial.ok) return { reason: `Date of birth ${shown} ${serial.reason}` };
    date = serial.date;
  } else if (value instanceof Date) {
    date = Number.isNaN(value.getTime()) ? undefined : value;
  } else {
    const text = String(value).trim();
    let match: RegExpExecArray | null;
    if ((match = ISO_DATE.exec(text))) date = utcDay(Number(match[1]), Number(match[2]), Number(match[3]));
    else if ((match = US_DATE.exec(text))) date = utcDay(Number(match[3]), Number(match[1]), Number(match[2]));
    else if ((match = DOTTED_DATE.exec(text))) date = utcDay(Number(match[3]), Number(match[2]), Number(match[1]));
  }
  if (!date) return { reason: `Date of birth "${shown}" is not a date (use a date cell, YYYY-MM-DD or MM/DD/YYYY)` };
  if (date.getTime() > context.today.getTime()) return { reason: `Date of birth ${isoDay(date)} is in the future` };
  if (date.getUTCFullYear() < 1900) return { reason: `Date of birth ${isoDay(date)} is before 1900` };
  return { dob: isoDay(date) };
}

function failedCells(cells: Cells): FailedRowCells {
  const keep = (cell: SheetCell): string | number | undefined => {
    const value = cellValue(cell);
    if (value === undefined) return undefined;
    if (typeof value === 'number') return value;
    const text = cellText(cell);
    return text === '' ? undefined : text;
  };
  const result: FailedRowCells = {};
  const fields = ['ssn', 'firstName', 'lastName', 'workAt', 'gender', 'currentCity', 'dob', 'email', 'phone', 'notes'] as const;
  for (const field of fields) {
    const value = keep(cells[field]);
    if (value !== undefined) result[field] = value;
  }
  if (cells.fullName !== undefined && result.firstName === undefined && result.lastName === undefined) {
    const { firstName, lastName } = splitFullName(cellText(cells.fullName));
    if (firstName) result.firstName = firstName;
    if (lastName) result.lastName = lastName;
  }
  return result;
}

/** Reads and checks one data row. Every problem of the row is named in the reason. */
export function readLeadRow(cells: Cells, context: RowContext): RowOutcome {
  let blank = true;
  for (const field in cells) {
    if (cellText(cells[field as LeadField]) !== '') {
      blank = false;
      break;
    }
  }
  if (blank) return { kind: 'blank' };
  const problems: string[] = [];

  let firstName = cellText(cells.firstName);
  let lastName = cellText(cells.lastName);
  if (!firstName && !lastName && cells.fullName !== undefined) ({ firstName, lastName } = splitFullName(cellText(cells.fullName)));
  if (!firstName && !lastName) problems.push('Name is missing');
  if (firstName.length > LIMITS.name) problems.push(`First name is longer than ${LIMITS.name} characters`);
  if (lastName.length > LIMITS.name) problems.push(`Last name is longer than ${LIMITS.name} characters`);

  const email = cellText(cells.email);
  if (email && (email.length > LIMITS.email || !EMAIL.test(email))) problems.push(`Email "${email}" is not a valid email address`);
  const phone = cellText(cells.phone);
  const key = phone ? phoneKey(phone) : undefined;
  if (phone && !key) problems.push(`Phone "${phone}" must have 7 to 15 digits`);
  if (!email && !phone) problems.push('Phone or email is required');

  let ssn: string | null = null;
  const ssnText = cellText(cells.ssn);
  if (ssnText.startsWith(SSN_TOKEN_PREFIX)) {
    const opened = context.openSsnToken?.(ssnText);
    if (opened) ssn = opened;
    else problems.push('SSN could not be read: type it again');
  } else if (ssnText) {
    const normalized = normalizeSsn(cells.ssn);
    if (normalized) ssn = normalized;
    else problems.push('SSN must have 9 digits');
  }

  const genderText = cellText(cells.gender);
  const gender = genderText ? (GENDER_AS_WRITTEN.get(genderText) ?? GENDERS.get(genderText.toLowerCase().replace(/[^a-z]/g, ''))) : '';
  if (gender === undefined) problems.push(`Gender "${genderText}" is not Male, Female or Other`);

  const dob = parseDob(cells.dob, context);
  if ('reason' in dob) problems.push(dob.reason);

  const workAt = cellText(cells.workAt);
  if (workAt.length > LIMITS.workAt) problems.push(`Work at is longer than ${LIMITS.workAt} characters`);
  const currentCity = cellText(cells.currentCity);
  if (currentCity.length > LIMITS.currentCity) problems.push(`Current city is longer than ${LIMITS.currentCity} characters`);
  const notes = cellText(cells.notes);
  if (notes.length > LIMITS.notes) problems.push(`Notes are longer than ${LIMITS.notes} characters`);

  if (problems.length) return { kind: 'invalid', reason: problems.join('; '), cells: failedCells(cells) };
  return {
    kind: 'lead',
    lead: {
      ssn,
      firstName,
      lastName,
      workAt,
      gender: gender ?? '',
      currentCity,
      dob: 'dob' in dob ? dob.dob : null,
      email,
      emailKey: email ? email.toLowerCase() : null,
      phone,
      phoneKey: key ?? null,
      notes,
    },
  };
}
