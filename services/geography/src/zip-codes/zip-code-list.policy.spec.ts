import { BoroughInputSchema, invalidZipCodes, normalizeZipCodes, parseZipCodes } from '@backoffice/contracts';

// The zip list rules live in libs/contracts (the console validates with them too); the service relies on them.
describe('zip code lists', () => {
  it('trims, upper-cases, drops blanks and repeats, keeping the first order', () => {
    expect(parseZipCodes(' 10001, 10002 ,,10001 , sw1a  1aa\n10003;10002 ')).toEqual(['10001', '10002', 'SW1A 1AA', '10003']);
    expect(normalizeZipCodes('10002, 10001, 10002')).toBe('10002,10001');
    expect(normalizeZipCodes('')).toBe('');
    expect(normalizeZipCodes(null)).toBe('');
  });

  it('names the entries that are not zip codes', () => {
    expect(invalidZipCodes('10001, 10 002, ab#c, -12, 10001-1234, 1234567890123')).toEqual(['AB#C', '-12', '1234567890123']);
  });

  it('is what a borough body stores', () => {
    const parsed = BoroughInputSchema.parse({ cityId: 1, name: ' Manhattan ', zipCodes: '10001 , 10002,10001' });
    expect(parsed).toMatchObject({ name: 'Manhattan', zipCodes: '10001,10002', taxRate: null });
    const bad = BoroughInputSchema.safeParse({ cityId: 1, name: 'x', zipCodes: '10001, $$$' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['zipCodes'], message: 'Not a valid zip code: $$$' });
  });
});
