import { addDays, instantOf, isoWeekday, isoWithOffset, offsetMinutes, wallTimeOf } from './zoned-time.policy';

const iso = (ms: number) => new Date(ms).toISOString();

describe('zoned time', () => {
  it('reads the wall clock of an instant', () => {
    expect(wallTimeOf(Date.parse('2026-01-15T17:45:00Z'), 'America/New_York')).toMatchObject({ date: '2026-01-15', time: '12:45' });
    expect(wallTimeOf(Date.parse('2026-01-15T23:30:00Z'), 'Asia/Tokyo')).toMatchObject({ date: '2026-01-16', time: '08:30' });
    expect(wallTimeOf(Date.parse('2026-01-15T00:00:00Z'), 'UTC')).toMatchObject({ date: '2026-01-15', time: '00:00' });
  });

  it('knows offsets in winter and summer', () => {
    expect(offsetMinutes(Date.parse('2026-01-15T12:00:00Z'), 'America/New_York')).toBe(-300);
    expect(offsetMinutes(Date.parse('2026-07-15T12:00:00Z'), 'America/New_York')).toBe(-240);
    expect(offsetMinutes(Date.parse('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });

  it('turns a local time into its instant, outside and inside daylight-saving changes', () => {
    expect(iso(instantOf('2026-01-15', '11:00:00', 'America/New_York'))).toBe('2026-01-15T16:00:00.000Z');
    expect(iso(instantOf('2026-07-15', '11:00', 'America/New_York'))).toBe('2026-07-15T15:00:00.000Z');
    // 02:30 does not exist on 2026-03-08 in New York: it becomes 03:30 summer time.
    expect(iso(instantOf('2026-03-08', '02:30', 'America/New_York'))).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 happens twice on 2026-11-01: the earlier one.
    expect(iso(instantOf('2026-11-01', '01:30', 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z');
    // The southern hemisphere: Sydney leaves summer time on 2026-04-05 at 03:00.
    expect(iso(instantOf('2026-04-05', '02:30', 'Australia/Sydney'))).toBe('2026-04-04T15:30:00.000Z');
  });

  it('writes an instant with its local offset', () => {
    expect(isoWithOffset(Date.parse('2026-03-08T07:00:00Z'), 'America/New_York')).toBe('2026-03-08T03:00:00-04:00');
    expect(isoWithOffset(Date.parse('2026-03-08T07:00:00Z'), 'UTC')).toBe('2026-03-08T07:00:00+00:00');
  });

  it('adds calendar days and numbers weekdays from Monday', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(isoWeekday('2026-03-02')).toBe(1);
    expect(isoWeekday('2026-03-08')).toBe(7);
  });
});
