import { resolveTaxRate, zipCandidates } from './tax-resolution.policy';

describe('resolveTaxRate', () => {
  it('takes the most specific level that has a rate', () => {
    expect(
      resolveTaxRate({
        country: { taxRate: 1 },
        state: { taxRate: 4 },
        city: { taxRate: 8.875 },
        borough: { taxRate: null },
        area: { taxRate: 9.5 },
      }),
    ).toEqual({ taxRate: 9.5, taxLevel: 'area' });
  });

  it('skips levels without a rate and levels that were not matched', () => {
    expect(resolveTaxRate({ country: { taxRate: 2 }, state: { taxRate: 4 }, city: { taxRate: null }, borough: null })).toEqual({
      taxRate: 4,
      taxLevel: 'state',
    });
    expect(resolveTaxRate({ country: { taxRate: 2 }, borough: { taxRate: 7 } })).toEqual({ taxRate: 7, taxLevel: 'borough' });
  });

  it('treats 0 as a rate that wins over the levels above', () => {
    expect(resolveTaxRate({ country: { taxRate: 5 }, state: { taxRate: 6 }, city: { taxRate: 0 } })).toEqual({
      taxRate: 0,
      taxLevel: 'city',
    });
  });

  it('answers 0 with no level when nothing has a rate', () => {
    expect(resolveTaxRate({ country: { taxRate: null } })).toEqual({ taxRate: 0, taxLevel: null });
    expect(resolveTaxRate({})).toEqual({ taxRate: 0, taxLevel: null });
  });
});

describe('zipCandidates', () => {
  it('tries a ZIP+4 and then its five digits', () => {
    expect(zipCandidates('10001-1234')).toEqual(['10001-1234', '10001']);
  });

  it('keeps any other zip as it is', () => {
    expect(zipCandidates('10001')).toEqual(['10001']);
    expect(zipCandidates('SW1A 1AA')).toEqual(['SW1A 1AA']);
    expect(zipCandidates('1234-56')).toEqual(['1234-56']);
  });
});
