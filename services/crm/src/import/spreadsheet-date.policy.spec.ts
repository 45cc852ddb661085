import { dateToSerial, isoDay, serialToDate } from './spreadsheet-date.policy';

const day = (serial: number, date1904 = false) => {
  const result = serialToDate(serial, date1904);
  return result.ok ? isoDay(result.date) : result.reason;
};

describe('spreadsheet day numbers (1900 date system)', () => {
  it('starts at 1900-01-01 and keeps counting through February 1900', () => {
    expect(day(1)).toBe('1900-01-01');
    expect(day(31)).toBe('1900-01-31');
    expect(day(59)).toBe('1900-02-28');
  });

  it('refuses day 60, the 29 February 1900 that never existed, and shifts every later day by one', () => {
    expect(day(60)).toMatch(/does not exist/);
    expect(day(61)).toBe('1900-03-01');
    expect(day(25569)).toBe('1970-01-01');
    expect(day(32874)).toBe('1990-01-01');
    expect(day(45658)).toBe('2025-01-01');
  });

  it('drops the time of day and refuses what is not a day', () => {
    expect(day(32874.75)).toBe('1990-01-01');
    expect(day(0)).toMatch(/before 1900/);
    expect(day(-5)).toMatch(/before 1900/);
    expect(day(Number.NaN)).toMatch(/not a number/);
  });

  it('reads the 1904 system of old Mac workbooks', () => {
    expect(day(0, true)).toBe('1904-01-01');
    expect(day(31412, true)).toBe('1990-01-01');
  });

  it('turns days back into serials, the inverse of the reading', () => {
    for (const serial of [1, 59, 61, 25569, 32874, 45658]) {
      const result = serialToDate(serial);
      expect(result.ok && dateToSerial(result.date)).toBe(serial);
    }
  });

  it('writes days as yyyy-mm-dd, padded, like toISOString', () => {
    for (const day of ['1900-01-01', '1999-12-31', '2000-02-29', '2024-10-05', '9999-12-31']) {
      expect(isoDay(new Date(`${day}T00:00:00Z`))).toBe(day);
    }
    expect(isoDay(new Date(Date.UTC(1985, 6, 4, 23, 59)))).toBe('1985-07-04');
  });
});
