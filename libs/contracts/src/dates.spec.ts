import { z } from 'zod';
import { calendarDate } from './dates';
import { fromDigits, IntIdSchema, PageQuerySchema } from './paging';

const day = calendarDate({ required: 'Date is required.', format: 'Date must be a date (YYYY-MM-DD).', real: 'Date is not a real date.' });

describe('calendarDate', () => {
  it.each([
    ['2026-11-25', '2026-11-25'],
    ['2026-11-25T04:30:00.000Z', '2026-11-25'],
    ['2026-11-25T23:30:00-05:00', '2026-11-25'],
    ['2026-11-25T08:00', '2026-11-25'],
    [' 2026-02-28 ', '2026-02-28'],
  ])('accepts %s as the date %s', (input, stored) => {
    expect(day.parse(input)).toBe(stored);
  });
  it.each([['2026-02-30'], ['25/11/2026'], ['2026-11-25 garbage'], ['1800-01-01'], ['2026-11-25T']])('refuses %s', (input) => {
    expect(day.safeParse(input).success).toBe(false);
  });
});

describe('whole numbers in paths and queries', () => {
  it('takes canonical digits and numbers', () => {
    expect(IntIdSchema.parse('7')).toBe(7);
    expect(IntIdSchema.parse(7)).toBe(7);
    expect(PageQuerySchema.parse({ page: '2', pageSize: '50' })).toMatchObject({ page: 2, pageSize: 50 });
  });
  it.each([[true], [[1]], ['0x10'], [' 7 '], ['1e3'], ['07'], ['-1'], ['']])('never coerces %j', (input) => {
    expect(IntIdSchema.safeParse(input).success).toBe(false);
  });
  it('passes what it does not read to the inner schema unchanged', () => {
    expect(fromDigits(z.string()).parse('abc')).toBe('abc');
  });
});
