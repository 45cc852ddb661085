import { emailKey, mapOrderMessage } from './order-event.policy';

const ORDER = '3C9A1E55-0B7D-4F62-8D2A-1F4E5A6B7C8D';
const EVENT = '7d3e2f1a-9b8c-4d7e-a6f5-4e3d2c1b0a99';

const envelope = (type: string, data: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  specversion: '1.0',
  id: EVENT,
  type,
  source: 'orders',
  time: '2026-03-01T12:00:00.000Z',
  subject: ORDER,
  data,
  ...extra,
});

const created = (data: Record<string, unknown> = {}) =>
  envelope('created', {
    orderId: ORDER,
    userId: null,
    name: ' Ada Client ',
    phone: '+1 (212) 555-0100',
    email: ' Ada@Example.COM ',
    amount: 120.3,
    discount: 0,
    tax: 0,
    shippingFee: 0,
    items: [],
    createdDate: '2026-03-01T11:00:00.000Z',
    ...data,
  });

describe('mapOrderMessage', () => {
  it('reads a created order with the keys leads are matched by', () => {
    expect(mapOrderMessage(created())).toEqual({
      kind: 'created',
      eventId: EVENT,
      facts: {
        orderId: ORDER.toLowerCase(),
        userId: null,
        name: 'Ada Client',
        phone: '+1 (212) 555-0100',
        phoneKey: '12125550100',
        email: 'Ada@Example.COM',
        emailKey: 'ada@example.com',
        amountCents: 12030,
        createdDate: new Date('2026-03-01T11:00:00.000Z'),
      },
    });
  });

  it('reads orders published before the client fields existed, and contact info that is no phone or email', () => {
    const old = mapOrderMessage(created({ name: undefined, phone: undefined, email: undefined }));
    expect(old).toMatchObject({ kind: 'created', facts: { name: '', phone: '', phoneKey: null, email: null, emailKey: null } });
    const odd = mapOrderMessage(created({ phone: 'call the office', email: 'not-an-email' }));
    expect(odd).toMatchObject({ kind: 'created', facts: { phone: 'call the office', phoneKey: null, emailKey: null } });
  });

  it('reads when an order was paid', () => {
    expect(mapOrderMessage(envelope('paid', { orderId: ORDER, paymentId: 'p-1', paidAt: '2026-03-02T10:00:00.000Z' }))).toEqual({
      kind: 'paid',
      eventId: EVENT,
      orderId: ORDER.toLowerCase(),
      paidAt: new Date('2026-03-02T10:00:00.000Z'),
    });
  });

  it('skips what it cannot use', () => {
    expect(mapOrderMessage('text')).toMatchObject({ kind: 'skip' });
    expect(mapOrderMessage(null)).toMatchObject({ kind: 'skip' });
    expect(mapOrderMessage(created({}))).toMatchObject({ kind: 'created' });
    expect(mapOrderMessage({ ...created(), id: 'nope' })).toMatchObject({ kind: 'skip', reason: expect.stringContaining('id') });
    expect(mapOrderMessage(created({ amount: '12' }))).toMatchObject({ kind: 'skip', reason: expect.stringContaining('amount') });
    expect(mapOrderMessage(created({ createdDate: 'yesterday' }))).toMatchObject({ kind: 'skip' });
    expect(mapOrderMessage(envelope('paid', { orderId: ORDER }))).toMatchObject({ kind: 'skip' });
    expect(mapOrderMessage(envelope('cancelled', { orderId: ORDER }))).toMatchObject({ kind: 'skip' });
  });
});

describe('emailKey', () => {
  it('lower-cases a trimmed email and refuses what is not one', () => {
    expect(emailKey(' Bob@X.io ')).toBe('bob@x.io');
    expect(emailKey('bob')).toBeNull();
    expect(emailKey(null)).toBeNull();
  });
});
