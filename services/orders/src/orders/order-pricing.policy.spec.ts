import { centsToDecimal, fromCents, toCents } from '@backoffice/contracts';
import { priceOrder, taxCents } from './order-pricing.policy';

describe('money in cents', () => {
  it('converts both ways without float drift', () => {
    expect(toCents('19.99')).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(fromCents(1999)).toBe(19.99);
    expect(centsToDecimal(1999)).toBe('19.99');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(120000)).toBe('1200.00');
  });
});

describe('tax', () => {
  it('applies a percentage with up to 4 decimals, rounded half up', () => {
    expect(taxCents(10000, 8.875)).toBe(888); // 887.5 → 888
    expect(taxCents(10000, 10)).toBe(1000);
    expect(taxCents(333, 7.5)).toBe(25); // 24.975 → 25
    expect(taxCents(0, 10)).toBe(0);
    expect(taxCents(10000, 0)).toBe(0);
  });

  it('stays exact on the largest amounts', () => {
    expect(taxCents(999_999_999_999, 100)).toBe(999_999_999_999);
  });
});

describe('priceOrder', () => {
  const line = (itemId: number, unitCents: number, quantity = 1, shipped = false) => ({ itemId, unitCents, quantity, shipped });

  it('totals lines, takes the discount off before tax, and adds shipping when something is shipped', () => {
    const outcome = priceOrder({
      lines: [line(1, 2500, 2, true), line(2, 1000)],
      discountCents: 1000,
      taxRate: 10,
      shippingFeeCents: 750,
    });
    expect(outcome).toEqual({
      ok: true,
      order: expect.objectContaining({ subtotalCents: 6000, discountCents: 1000, taxCents: 500, shippingCents: 750, amountCents: 6250 }),
    });
    if (outcome.ok) expect(outcome.order.lines.map((l) => l.totalCents)).toEqual([5000, 1000]);
  });

  it('charges no shipping for online services or when no city matched', () => {
    const online = priceOrder({ lines: [line(1, 1000)], discountCents: 0, taxRate: 0, shippingFeeCents: 500 });
    const unknownCity = priceOrder({ lines: [line(1, 1000, 1, true)], discountCents: 0, taxRate: 0, shippingFeeCents: null });
    expect(online.ok && online.order.shippingCents).toBe(0);
    expect(unknownCity.ok && unknownCity.order.amountCents).toBe(1000);
  });

  it('refuses a discount above the subtotal', () => {
    expect(priceOrder({ lines: [line(1, 1000)], discountCents: 1001, taxRate: 0, shippingFeeCents: 0 })).toMatchObject({
      ok: false,
      path: 'discount',
    });
  });
});
