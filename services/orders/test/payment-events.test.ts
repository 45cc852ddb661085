import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { ORDERS_ORDER_TOPIC, PAYMENTS_PAYMENT_TOPIC, type OrderDetail } from '@backoffice/contracts';
import { ensureTopics, topicName } from '@backoffice/platform';
import { startTestService, type TestService } from '@backoffice/platform/testing';
import { eventually, json, kafka, seedOrder, startOrders, tokenFor } from './orders-test-kit';

/*
 * payments.payment.v1 → orders, end to end: the real payments service records payments and its outbox
 * relay publishes them; the real orders service consumes them from Kafka (same topic prefix, one process).
 */

// Both services share this run's topics: the prefix is fixed before either module loads.
process.env.KAFKA_TOPIC_PREFIX = `t${randomBytes(3).toString('hex')}.`;

let orders: TestService;
let payments: TestService;
let ordersDb: Client;
let paymentsDb: Client;
const client = kafka();
const producer = client.producer();
const admin = tokenFor(['Admin']);

beforeAll(async () => {
  orders = await startOrders();
  payments = await startTestService(() => require('../../payments/src/app.module').AppModule, {
    service: 'payments',
    env: { ORDERS_URL: orders.url },
  });
  ordersDb = new Client({ connectionString: orders.databaseUrl });
  paymentsDb = new Client({ connectionString: payments.databaseUrl });
  await Promise.all([ordersDb.connect(), paymentsDb.connect()]);
  await ensureTopics(client, [{ name: topicName(PAYMENTS_PAYMENT_TOPIC) }]);
  await producer.connect();
}, 120_000);

afterAll(async () => {
  await producer?.disconnect();
  await ordersDb?.end();
  await paymentsDb?.end();
  await payments?.close();
  await orders?.close();
});

const order = async (id: string) => (await json<OrderDetail>(orders.request(`/api/orders/${id}`, { token: admin }))).body;

const pay = async (body: Record<string, unknown>) => {
  const response = await payments.request('/api/payments', { method: 'POST', json: body, roles: ['Manager'] });
  if (response.status !== 201) throw new Error(`POST /api/payments: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
};

/** The events payments wrote for an order, oldest first, with their ids (what Kafka carries). */
async function paymentEvents(orderId: string) {
  const { rows } = await paymentsDb.query<{ id: string; payload: Record<string, unknown>; published_at: Date | null }>(
    `select id, payload, published_at from outbox where key = $1 order by seq`,
    [orderId],
  );
  return rows;
}

/** Waits until orders has handled (in its inbox) every one of these event ids. */
async function handled(eventIds: string[], what: string) {
  await eventually(
    async () => {
      const { rows } = await ordersDb.query(
        `select event_id from inbox where consumer = 'orders.payments' and event_id = any($1::uuid[])`,
        [eventIds],
      );
      return rows.length === eventIds.length;
    },
    60_000,
    what,
  );
}

/** orders.order.v1 `paid` events orders wrote for an order. */
async function paidEvents(orderId: string) {
  const { rows } = await ordersDb.query<{ payload: { data: Record<string, unknown> } }>(
    `select payload from outbox where key = $1 and type = 'paid' and topic = $2 order by seq`,
    [orderId, topicName(ORDERS_ORDER_TOPIC)],
  );
  return rows;
}

/** Sends raw envelopes on payments.payment.v1, keyed by order id, as the relay would. */
const publish = (orderId: string, values: unknown[]) =>
  producer.send({
    topic: topicName(PAYMENTS_PAYMENT_TOPIC),
    acks: -1,
    messages: values.map((value) => ({ key: orderId, value: typeof value === 'string' ? value : JSON.stringify(value) })),
  });

const paymentEnvelope = (orderId: string, orderPaidTotal: number, extra: Record<string, unknown> = {}) => ({
  specversion: '1.0',
  id: randomUUID(),
  type: 'transaction-added',
  source: 'payments',
  time: new Date().toISOString(),
  subject: orderId,
  datacontenttype: 'application/json',
  data: {
    paymentId: randomUUID(),
    orderId,
    invoiceNumber: orderId.split('-')[0],
    merchant: 'Authorize.Net',
    amount: orderPaidTotal,
    paidAmount: orderPaidTotal,
    paid: true,
    status: 'Paid',
    orderPaidTotal,
    transaction: null,
    paidAt: new Date().toISOString(),
    ...extra,
  },
});

it('moves the order to Paid once its payments cover the amount, and only then', async () => {
  const orderId = await seedOrder(orders, [{ itemId: 1, itemName: 'Tourist visa application', amount: 100 }]);

  // A first payment of 40 (of 100): the event arrives and is handled, the order stays Pending.
  const payment = await pay({
    orderId,
    amount: 100,
    merchant: 'Authorize.Net',
    transaction: { status: 'Captured', amount: 40, reference: 'tx-part-1', paidOn: '2026-03-01T09:00:00Z' },
  });
  const [first] = await paymentEvents(orderId);
  await handled([first!.id], 'the partial payment event');
  expect((await order(orderId)).status).toBe('Pending');
  expect(await paidEvents(orderId)).toHaveLength(0);

  // A declined attempt adds nothing; the rest captured covers it.
  await pay({ paymentId: payment.id, orderId, transaction: { status: 'Declined', amount: 60, reference: 'tx-declined' } });
  await pay({
    paymentId: payment.id,
    orderId,
    transaction: { status: 'Captured', amount: 60, reference: 'tx-part-2', paidOn: '2026-03-02T10:30:00Z' },
  });
  const events = await paymentEvents(orderId);
  expect(events).toHaveLength(3);
  await handled(
    events.map((e) => e.id),
    'the three payment events',
  );
  const paid = await order(orderId);
  expect(paid.status).toBe('Paid');
  expect(paid.paidAt).toBe('2026-03-02T10:30:00.000Z');
  const published = await paidEvents(orderId);
  expect(published).toHaveLength(1);
  expect(published[0]!.payload.data).toEqual({ orderId, paymentId: payment.id, paidAt: '2026-03-02T10:30:00.000Z' });
}, 120_000);

it('changes nothing when the paying event is delivered again, or a later event of the paid order arrives', async () => {
  const orderId = await seedOrder(orders, [{ itemId: 2, itemName: 'Company registration', amount: 250 }]);
  await pay({ orderId, amount: 250, merchant: 'Authorize.Net', transaction: { status: 'Settled', amount: 250, reference: 'tx-full' } });
  const [paying] = await paymentEvents(orderId);
  await handled([paying!.id], 'the paying event');
  const before = await order(orderId);
  expect(before.status).toBe('Paid');
  const { rows: beforeRow } = await ordersDb.query(`select status, paid_at, payment_id from orders where id = $1`, [orderId]);

  // The relay re-sends the same envelope (at-least-once), twice; then a later, new event about the same order:
  // a refund taking the paid total below the amount, and one covering it again with another payment.
  const redelivered = paying!.payload;
  const refund = paymentEnvelope(orderId, 0, { status: 'Refunded', paid: false, paidAmount: 0, paidAt: null });
  const again = paymentEnvelope(orderId, 250);
  await publish(orderId, [redelivered, redelivered, refund, again]);
  await handled([refund.id, again.id], 'the later events');

  const { rows: inbox } = await ordersDb.query(
    `select count(*)::int as n from inbox where consumer = 'orders.payments' and event_id = $1`,
    [paying!.id],
  );
  expect(inbox[0].n).toBe(1);
  const { rows: afterRow } = await ordersDb.query(`select status, paid_at, payment_id from orders where id = $1`, [orderId]);
  expect(afterRow).toEqual(beforeRow);
  expect(await order(orderId)).toEqual(before);
  expect(await paidEvents(orderId)).toHaveLength(1);
}, 120_000);

it('skips events it cannot use and goes on: an unknown order, a malformed message', async () => {
  const unknownOrder = randomUUID();
  const forUnknown = paymentEnvelope(unknownOrder, 10);
  await publish(unknownOrder, [forUnknown]);
  const orderId = await seedOrder(orders, [{ itemId: 3, itemName: 'Certified translation', amount: 45.5 }]);
  const short = paymentEnvelope(orderId, 45.49);
  const covers = paymentEnvelope(orderId, 45.5);
  await publish(orderId, ['not json at all', { id: 'not-a-uuid', data: { orderId } }, short]);
  await handled([forUnknown.id, short.id], 'the unknown order and the short payment');
  expect((await order(orderId)).status).toBe('Pending');

  await publish(orderId, [covers]);
  await handled([covers.id], 'the covering payment');
  expect((await order(orderId)).status).toBe('Paid');
  expect(await paidEvents(orderId)).toHaveLength(1);
  expect(await paidEvents(unknownOrder)).toHaveLength(0);
}, 120_000);
