import { paymentStanding } from './payment-status.policy';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute));

describe('paymentStanding', () => {
  it('is Pending with no counting transaction', () => {
    expect(paymentStanding(50, [])).toEqual({ paidAmount: 0, status: 'Pending', paid: false, paidAt: null });
    expect(
      paymentStanding(50, [
        { status: 'Authorized', amount: 50, paidOn: at(1) },
        { status: 'Declined', amount: 50, paidOn: at(2) },
        { status: 'Voided', amount: 50, paidOn: at(3) },
      ]).status,
    ).toBe('Pending');
  });

  it('is PartiallyPaid, then Paid when captures cover the amount, in exact cents', () => {
    expect(paymentStanding(0.3, [{ status: 'Captured', amount: 0.1, paidOn: at(1) }])).toMatchObject({
      status: 'PartiallyPaid',
      paidAmount: 0.1,
    });
    const standing = paymentStanding(0.3, [
      { status: 'Captured', amount: 0.1, paidOn: at(1) },
      { status: 'Settled', amount: 0.2, paidOn: at(2) },
    ]);
    expect(standing).toEqual({ paidAmount: 0.3, status: 'Paid', paid: true, paidAt: at(2) });
  });

  it('counts refunds back and is Refunded when everything paid was returned', () => {
    const standing = paymentStanding(20, [
      { status: 'Captured', amount: 20, paidOn: at(1) },
      { status: 'Refunded', amount: 20, paidOn: at(2) },
    ]);
    expect(standing).toEqual({ paidAmount: 0, status: 'Refunded', paid: false, paidAt: null });
  });

  it('takes the transactions in time order whatever order they come in', () => {
    const standing = paymentStanding(10, [
      { status: 'Captured', amount: 10, paidOn: at(5) },
      { status: 'Captured', amount: 10, paidOn: at(1) },
    ]);
    expect(standing.paidAt).toEqual(at(1));
    expect(standing.paidAmount).toBe(20);
  });
});
