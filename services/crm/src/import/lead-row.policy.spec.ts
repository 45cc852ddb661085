import { normalizeSsn, phoneKey, readLeadRow, splitFullName, type RowContext } from './lead-row.policy';

const context: RowContext = { date1904: false, today: new Date(Date.UTC(2025, 5, 1)) };

describe('reading a lead row', () => {
  it('reads every field of a good row and keeps the keys duplicates are found by', () => {
    const outcome = readLeadRow(
      {
        ssn: '123-45-6789',
        firstName: ' John ',
        lastName: 'Smith',
        workAt: 'Acme',
        gender: 'm',
        currentCity: 'Boston',
        dob: 32874,
        email: 'John.Smith@Example.com',
        phone: '+1 (555) 010-0001',
        notes: 'Call after 5',
      },
      context,
    );
    expect(outcome).toEqual({
      kind: 'lead',
      lead: {
        ssn: '123456789',
        firstName: 'John',
        lastName: 'Smith',
        workAt: 'Acme',
        gender: 'Male',
        currentCity: 'Boston',
        dob: '1990-01-01',
        email: 'John.Smith@Example.com',
        emailKey: 'john.smith@example.com',
        phone: '+1 (555) 010-0001',
        phoneKey: '15550100001',
        notes: 'Call after 5',
      },
    });
  });

  it('skips blank rows silently', () => {
    expect(readLeadRow({ firstName: '', phone: null, notes: '   ' }, context)).toEqual({ kind: 'blank' });
  });

  it('names every problem of a bad row and keeps its values for the failed-rows sheet', () => {
    const outcome = readLeadRow({ firstName: '', email: 'not-an-email', gender: 'robot', dob: '2030-01-01', ssn: '12-34' }, context);
    expect(outcome.kind).toBe('invalid');
    if (outcome.kind !== 'invalid') return;
    expect(outcome.reason).toBe(
      'Name is missing; Email "not-an-email" is not a valid email address; SSN must have 9 digits; ' +
        'Gender "robot" is not Male, Female or Other; Date of birth 2030-01-01 is in the future',
    );
    expect(outcome.cells).toEqual({ email: 'not-an-email', gender: 'robot', dob: '2030-01-01', ssn: '12-34' });
  });

  it('knows gender spellings however they are written, and nothing else', () => {
    const genderOf = (gender: string) => {
      const outcome = readLeadRow({ firstName: 'Ann', phone: '+1 555 0100', gender }, context);
      return outcome.kind === 'lead' ? outcome.lead.gender : outcome.kind === 'invalid' ? outcome.reason : outcome.kind;
    };
    expect(['Male', 'M', ' male ', 'MAN', 'f', 'Woman', 'non-binary', 'X'].map(genderOf)).toEqual([
      'Male',
      'Male',
      'Male',
      'Male',
      'Female',
      'Female',
      'Other',
      'Other',
    ]);
    expect(genderOf('constructor')).toBe('Gender "constructor" is not Male, Female or Other');
  });

  it('needs a phone or an email, and a phone of 7 to 15 digits', () => {
    const none = readLeadRow({ firstName: 'Ann' }, context);
    expect(none.kind === 'invalid' && none.reason).toBe('Phone or email is required');
    const short = readLeadRow({ firstName: 'Ann', phone: '12-34' }, context);
    expect(short.kind === 'invalid' && short.reason).toBe('Phone "12-34" must have 7 to 15 digits');
    const letters = readLeadRow({ firstName: 'Ann', phone: 'call me' }, context);
    expect(letters.kind).toBe('invalid');
  });

  it('reads numbers the way the sheet shows them: phones without exponent, SSNs with their leading zeros', () => {
    const outcome = readLeadRow({ firstName: 'Ann', phone: 15550100001, ssn: 12345678 }, context);
    expect(outcome.kind === 'lead' && outcome.lead.phone).toBe('15550100001');
    expect(outcome.kind === 'lead' && outcome.lead.ssn).toBe('012345678');
    expect(normalizeSsn(1234567890)).toBeUndefined();
  });

  it('splits a single Name column into first and last name', () => {
    expect(splitFullName('Mary Ann  Smith')).toEqual({ firstName: 'Mary Ann', lastName: 'Smith' });
    const outcome = readLeadRow({ fullName: 'Cher', email: 'cher@example.com' }, context);
    expect(outcome.kind === 'lead' && [outcome.lead.firstName, outcome.lead.lastName]).toEqual(['Cher', '']);
  });

  it('reads dates of birth from day numbers, date cells and text', () => {
    const dob = (value: unknown) => {
      const outcome = readLeadRow({ firstName: 'A', email: 'a@b.co', dob: value }, context);
      return outcome.kind === 'lead' ? outcome.lead.dob : outcome.kind === 'invalid' ? outcome.reason : null;
    };
    expect(dob(32874)).toBe('1990-01-01');
    expect(dob('32874')).toBe('1990-01-01');
    expect(dob(new Date(Date.UTC(1985, 6, 4)))).toBe('1985-07-04');
    expect(dob('1985-07-04')).toBe('1985-07-04');
    expect(dob('07/04/1985')).toBe('1985-07-04');
    expect(dob('04.07.1985')).toBe('1985-07-04');
    expect(dob('02/30/1985')).toMatch(/is not a date/);
    expect(dob(60)).toMatch(/does not exist/);
    expect(dob({ formula: 'DATE(1990,1,1)', result: 32874 })).toBe('1990-01-01');
  });

  it('opens SSN tokens of a failed-rows sheet with the key, and refuses tokens it cannot open', () => {
    const open = (token: string) => (token === 'enc:good' ? '987654321' : undefined);
    const good = readLeadRow({ firstName: 'A', email: 'a@b.co', ssn: 'enc:good' }, { ...context, openSsnToken: open });
    expect(good.kind === 'lead' && good.lead.ssn).toBe('987654321');
    const bad = readLeadRow({ firstName: 'A', email: 'a@b.co', ssn: 'enc:forged' }, { ...context, openSsnToken: open });
    expect(bad.kind === 'invalid' && bad.reason).toBe('SSN could not be read: type it again');
  });

  it('finds the phone key from any usual writing', () => {
    expect(phoneKey('+44 20 7946 0958')).toBe('442079460958');
    expect(phoneKey('555.010.0001')).toBe('5550100001');
    expect(phoneKey('123')).toBeUndefined();
  });
});
