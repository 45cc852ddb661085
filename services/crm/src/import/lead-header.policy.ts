import { LEAD_TEMPLATE_HEADERS } from '@backoffice/contracts';

/** The lead fields a sheet column can hold. `fullName` is split into first and last name. */
export type LeadField =
  'ssn' | 'firstName' | 'lastName' | 'fullName' | 'workAt' | 'gender' | 'currentCity' | 'dob' | 'email' | 'phone' | 'notes';

/** Header texts by field, compared without case, spaces or punctuation. The first of each is the template's. */
const ALIASES: Record<LeadField, readonly string[]> = {
  ssn: ['SSN', 'Social Security Number', 'Social Security', 'Social Security No', 'SS Number', 'SSN Number'],
  firstName: ['First Name', 'First', 'FName', 'Given Name', 'Forename'],
  lastName: ['Last Name', 'Last', 'LName', 'Surname', 'Family Name'],
  fullName: ['Name', 'Full Name', 'Lead Name', 'Client Name', 'Customer Name', 'Contact Name'],
  workAt: ['Work At', 'Work', 'Works At', 'Company', 'Company Name', 'Employer', 'Workplace', 'Organization', 'Organisation'],
  gender: ['Gender', 'Sex'],
  currentCity: ['Current City', 'City', 'Town', 'Location', 'City Of Residence'],
  dob: ['DOB', 'Date Of Birth', 'Birth Date', 'Birthdate', 'Birthday', 'Born'],
  email: ['Email', 'E-mail', 'eMail', 'Email Address', 'E-mail Address', 'Mail'],
  phone: [
    'Phone',
    'Phone Number',
    'Phone No',
    'Mobile',
    'Mobile Number',
    'Mobile Phone',
    'Cell',
    'Cell Phone',
    'Telephone',
    'Tel',
    'Contact Number',
  ],
  notes: ['Notes', 'Note', 'Comments', 'Comment', 'Remarks'],
};

export const normalizeHeader = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

const BY_NORMALIZED = new Map<string, LeadField>(
  (Object.entries(ALIASES) as [LeadField, readonly string[]][]).flatMap(([field, names]) =>
    names.map((name) => [normalizeHeader(name), field] as const),
  ),
);

export function fieldOfHeader(text: string): LeadField | undefined {
  return BY_NORMALIZED.get(normalizeHeader(text));
}

/** Sheet column number (1-based) → field. */
export type ColumnMap = ReadonlyMap<number, LeadField>;

const IDENTIFYING: readonly LeadField[] = ['firstName', 'lastName', 'fullName', 'email', 'phone'];

/**
 * The columns of a candidate header row, or undefined when it is not one: a header row names at least
 * two known fields, one of them a name, an email or a phone. A field named twice keeps its first column.
 */
export function mapHeaderRow(cells: readonly (string | undefined)[]): ColumnMap | undefined {
  const columns = new Map<number, LeadField>();
  const taken = new Set<LeadField>();
  cells.forEach((text, index) => {
    if (!text) return;
    const field = fieldOfHeader(text);
    if (!field || taken.has(field)) return;
    taken.add(field);
    columns.set(index + 1, field);
  });
  if (columns.size < 2 || !IDENTIFYING.some((field) => taken.has(field))) return undefined;
  return columns;
}

/** How many rows at the top of a sheet may come before its header row (titles, notes). */
export const HEADER_SEARCH_ROWS = 20;

export const MISSING_HEADER_MESSAGE =
  `No header row was found in the first ${HEADER_SEARCH_ROWS} rows of the sheet. ` +
  `Expected headers: ${LEAD_TEMPLATE_HEADERS.join(', ')} (download the template to see the layout).`;
