import { mapPaymentMessage, paymentCoversOrder } from './payment-event.policy';

const ORDER = '3c9a1e55-0b7d-4f62-8d2a-1f4e5a6b7c8d';
const EVENT = '7d3e2f1a-9b8c-4d7e-a6f5-4e3d2c1b0a99';

const envelope = (data: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  specversion: '1.0',
  id: EVENT,
  type: 'transaction-added',
  source: 'payments',
  time: '2026-03-01T12:00:00.000Z',
  subject: ORDER,
  data: { paymentId: 'p-1', orderId: ORDER, orderPaidTotal: 120.5, paidAt: '2026-03-01T11:59:00.000Z', transaction: null, ...data },
  ...extra,
});

describe('mapPaymentMessage', () => {
  it('reads the order, the payment, the paid total in cents and when it was paid', () => {
    expect(mapPaymentMessage(envelope({ merchant: 'Authorize.Net', somethingNew: true }))).toEqual({
      kind: 'apply',
      facts: {
        eventId: EVENT,
        orderId: ORDER,
        paymentId: 'p-1',
        orderPaidCents: 12050,
        paidAt: new Date('2026-03-01T11:59:00.000Z'),
      },
    });
  });

  it('takes the transaction time, then the event time, when the payment has no paidAt', () => {
    const fromTransaction = mapPaymentMessage(envelope({ paidAt: null, transaction: { paidOn: '2026-02-28T09:00:00.000Z' } }));
    expect(fromTransaction.kind === 'apply' && fromTransaction.facts.paidAt.toISOString()).toBe('2026-02-28T09:00:00.000Z');
    const fromEvent = mapPaymentMessage(envelope({ paidAt: null }));
    expect(fromEvent.kind === 'apply' && fromEvent.facts.paidAt.toISOString()).toBe('2026-03-01T12:00:00.000Z');
  });

  it('keeps cents exact for amounts that are not exact in binary', () => {
    const decision = mapPaymentMessage(envelope({ orderPaidTotal: 0.1 + 0.2 }));
    expect(decision.kind === 'apply' && decision.facts.orderPaidCents).toBe(30);
  });

  it('skips what is not a payment event', () => {
    expect(mapPaymentMessage(null)).toMatchObject({ kind: 'skip' });
    expect(mapPaymentMessage('not json')).toMatchObject({ kind: 'skip' });
    expect(mapPaymentMessage(envelope({ orderId: 'nope' }))).toMatchObject({ kind: 'skip', reason: expect.stringContaining('orderId') });
    expect(mapPaymentMessage(envelope({ orderPaidTotal: '12' }))).toMatchObject({ kind: 'skip' });
    expect(mapPaymentMessage(envelope({}, { id: 'x' }))).toMatchObject({ kind: 'skip', reason: expect.stringContaining('id') });
  });
});

describe('paymentCoversOrder', () => {
  it('is true once the paid total reaches the amount, to the cent', () => {
    expect(paymentCoversOrder('120.50', 12049)).toBe(false);
    expect(paymentCoversOrder('120.50', 12050)).toBe(true);
    expect(paymentCoversOrder('120.50', 13000)).toBe(true);
    expect(paymentCoversOrder('0.00', 0)).toBe(true);
  });
});
