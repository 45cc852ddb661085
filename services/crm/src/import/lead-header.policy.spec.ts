import { LEAD_TEMPLATE_HEADERS } from '@backoffice/contracts';
import { fieldOfHeader, mapHeaderRow, MISSING_HEADER_MESSAGE } from './lead-header.policy';

describe('lead sheet headers', () => {
  it("maps the template's own header row, column by column", () => {
    const columns = mapHeaderRow([...LEAD_TEMPLATE_HEADERS]);
    expect([...columns!.entries()]).toEqual([
      [1, 'ssn'],
      [2, 'firstName'],
      [3, 'lastName'],
      [4, 'workAt'],
      [5, 'gender'],
      [6, 'currentCity'],
      [7, 'dob'],
      [8, 'email'],
      [9, 'phone'],
      [10, 'notes'],
    ]);
  });

  it('ignores case, spacing and punctuation, and knows common aliases', () => {
    expect(fieldOfHeader('  FIRST_NAME ')).toBe('firstName');
    expect(fieldOfHeader('e-Mail address')).toBe('email');
    expect(fieldOfHeader('Mobile')).toBe('phone');
    expect(fieldOfHeader('Date of Birth')).toBe('dob');
    expect(fieldOfHeader('Surname')).toBe('lastName');
    expect(fieldOfHeader('Company')).toBe('workAt');
    expect(fieldOfHeader('Full name')).toBe('fullName');
    expect(fieldOfHeader('Favourite colour')).toBeUndefined();
  });

  it('keeps unknown columns out and the first of two columns naming one field', () => {
    const columns = mapHeaderRow(['Phone', undefined, 'Colour', 'Name', 'Tel']);
    expect([...columns!.entries()]).toEqual([
      [1, 'phone'],
      [4, 'fullName'],
    ]);
  });

  it('does not take a data row or a title row for a header row', () => {
    expect(mapHeaderRow(['John', 'Smith', 'john@example.com'])).toBeUndefined();
    expect(mapHeaderRow(['Leads for March'])).toBeUndefined();
    expect(mapHeaderRow(['Gender', 'Notes'])).toBeUndefined(); // nothing that identifies a lead
  });

  it('lists the expected headers when there is none', () => {
    expect(MISSING_HEADER_MESSAGE).toContain('SSN, First Name, Last Name, Work At, Gender, Current City, DOB, Email, Phone, Notes');
  });
});
