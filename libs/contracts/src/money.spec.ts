import { centsToDecimal, fromCents, toCents } from './money';

describe('money in cents', () => {
  it('turns amounts into whole cents and back, and cents into a two-place decimal', () => {
    expect(toCents('12.50')).toBe(1250);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(162.225)).toBe(16223);
    expect(fromCents(1250)).toBe(12.5);
    expect(centsToDecimal(1250)).toBe('12.50');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(0)).toBe('0.00');
  });
});
