import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { TestService } from '@backoffice/platform/testing';
import { startOrdersStub } from './orders-stub';
import { startPayments } from './payments-test-kit';

let service: TestService;
let db: Client;
const missingOrders = new Set<string>();
let orders: Awaited<ReturnType<typeof startOrdersStub>>;

beforeAll(async () => {
  orders = await startOrdersStub(missingOrders);
  const ordersUrl = orders.url;
  service = await startPayments({ ORDERS_URL: ordersUrl });
  db = new Client({ connectionString: service.databaseUrl });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await service?.close();
  await orders?.close();
});

const post = (json: unknown, roles: ['Manager'] | ['Salesagent'] = ['Manager']) =>
  service.request('/api/payments', { method: 'POST', json, roles });

async function events(orderId: string) {
  const { rows } = await db.query<{ topic: string; key: string; type: string; payload: { data: Record<string, unknown> } }>(
    `select topic, key, type, payload from outbox where key = $1 order by seq`,
    [orderId],
  );
  return rows;
}

describe('order payments', () => {
  it('opens a payment with its first transaction, lists it for the receipt and publishes payments.payment.v1', async () => {
    const orderId = randomUUID();
    const response = await post({
      orderId,
      amount: 120.5,
      merchant: 'Authorize.Net',
      transaction: { status: 'Captured', amount: 120.5, reference: '60000000001', paidOn: '2026-11-02T10:00:00Z' },
    });
    expect(response.status).toBe(201);
    const payment = await response.json();
    expect(payment).toMatchObject({
      orderId,
      invoiceNumber: orderId.split('-')[0],
      paid: true,
      status: 'Paid',
      amount: 120.5,
      paidAmount: 120.5,
    });
    expect(payment.transactions).toEqual([
      { id: expect.any(String), status: 'Captured', amount: 120.5, paidOn: '2026-11-02T10:00:00.000Z', reference: '60000000001' },
    ]);

    const list = await (await service.request(`/api/orders/${orderId}/payments`)).json();
    expect(list).toEqual([payment]);

    const published = await events(orderId);
    expect(published).toHaveLength(1);
    expect(published[0]!.topic).toMatch(/payments\.payment\.v1$/);
    expect(published[0]!.type).toBe('created');
    expect(published[0]!.payload.data).toMatchObject({
      paymentId: payment.id,
      orderId,
      paid: true,
      status: 'Paid',
      orderPaidTotal: 120.5,
      paidAt: '2026-11-02T10:00:00.000Z',
      transaction: { status: 'Captured', amount: 120.5 },
    });
  });

  it('adds transactions to a payment until it is paid, and a repeated transaction changes nothing', async () => {
    const orderId = randomUUID();
    const opened = await (await post({ orderId, amount: 100, merchant: 'Authorize.Net' })).json();
    expect(opened).toMatchObject({ paid: false, status: 'Pending', paidAmount: 0, transactions: [] });

    const declined = await post({ orderId, paymentId: opened.id, transaction: { status: 'Declined', amount: 100, reference: 't-1' } });
    expect(declined.status).toBe(201);
    expect(await declined.json()).toMatchObject({ status: 'Pending', paid: false });

    const part = await (
      await post({ orderId, paymentId: opened.id, transaction: { status: 'Captured', amount: 40, reference: 't-2' } })
    ).json();
    expect(part).toMatchObject({ status: 'PartiallyPaid', paidAmount: 40, paid: false });

    const rest = await (
      await post({ orderId, paymentId: opened.id, transaction: { status: 'Settled', amount: 60, reference: 't-3' } })
    ).json();
    expect(rest).toMatchObject({ status: 'Paid', paidAmount: 100, paid: true });
    expect(rest.transactions.map((t: { reference: string }) => t.reference)).toEqual(['t-1', 't-2', 't-3']);

    const before = (await events(orderId)).length;
    const repeat = await post({ orderId, paymentId: opened.id, transaction: { status: 'Settled', amount: 60, reference: 't-3' } });
    expect(repeat.status).toBe(200);
    expect((await repeat.json()).transactions).toHaveLength(3);
    expect((await events(orderId)).length).toBe(before);

    const all = await events(orderId);
    expect(all.map((e) => e.type)).toEqual(['created', 'transaction-added', 'transaction-added', 'transaction-added']);
    expect(all.map((e) => e.payload.data.paid)).toEqual([false, false, false, true]);
    expect(all.at(-1)!.payload.data.orderPaidTotal).toBe(100);

    const conflicting = await post({ orderId, paymentId: opened.id, transaction: { status: 'Settled', amount: 61, reference: 't-3' } });
    expect(conflicting.status).toBe(409);
  });

  it('sums every payment of the order into orderPaidTotal', async () => {
    const orderId = randomUUID();
    await post({ orderId, amount: 30, merchant: 'Cash', transaction: { status: 'Captured', amount: 30 } });
    await post({ orderId, amount: 20, merchant: 'Authorize.Net', transaction: { status: 'Captured', amount: 20 } });
    const last = (await events(orderId)).at(-1)!;
    expect(last.payload.data.orderPaidTotal).toBe(50);
    expect(await (await service.request(`/api/orders/${orderId}/payments`)).json()).toHaveLength(2);
  });

  it('answers an empty list for an order without payments', async () => {
    const response = await service.request(`/api/orders/${randomUUID()}/payments`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it('refuses bad input with field errors', async () => {
    const response = await post({ orderId: 'nope', amount: -1, transaction: { status: 'Paid', amount: 1.234 } });
    expect(response.status).toBe(400);
    const body = await response.json();
    const paths = body.errors.map((e: { path: string }) => e.path).sort();
    expect(paths).toEqual(expect.arrayContaining(['amount', 'orderId', 'transaction.amount', 'transaction.status']));
    const missing = await (await post({ orderId: randomUUID() })).json();
    expect(missing.errors.map((e: { path: string }) => e.path).sort()).toEqual(['amount', 'merchant']);
    expect((await service.request('/api/orders/not-a-uuid/payments')).status).toBe(400);
  });

  it('answers 404 for an unknown payment, 409 for a payment of another order', async () => {
    const unknown = await post({ orderId: randomUUID(), paymentId: randomUUID(), transaction: { status: 'Captured', amount: 1 } });
    expect(unknown.status).toBe(404);
    const other = await (await post({ orderId: randomUUID(), amount: 5, merchant: 'Cash' })).json();
    const mismatch = await post({ orderId: randomUUID(), paymentId: other.id, transaction: { status: 'Captured', amount: 5 } });
    expect(mismatch.status).toBe(409);
  });

  it('answers 404 for a payment or a payment list of an order that does not exist, and stores nothing', async () => {
    const orderId = randomUUID();
    missingOrders.add(orderId);
    const refused = await post({ orderId, amount: 10, merchant: 'Authorize.Net', transaction: { status: 'Captured', amount: 10 } });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: 'not_found', detail: `Order ${orderId} was not found.` });
    expect((await service.request(`/api/orders/${orderId}/payments`)).status).toBe(404);
    expect((await db.query('select 1 from order_payments where order_id = $1', [orderId])).rowCount).toBe(0);
    expect(await events(orderId)).toEqual([]);
  });

  it('needs a token and a back-office role', async () => {
    expect((await service.request('/api/payments', { method: 'POST', json: {}, token: null })).status).toBe(401);
    expect((await post({ orderId: randomUUID(), amount: 5, merchant: 'Cash' }, ['Salesagent'])).status).toBe(403);
    expect((await service.request(`/api/orders/${randomUUID()}/payments`, { roles: ['Salesagent'] })).status).toBe(403);
  });
});
