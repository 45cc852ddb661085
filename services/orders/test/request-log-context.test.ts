import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { PAYMENTS_PAYMENT_TOPIC } from '@backoffice/contracts';
import { ensureTopics, topicName } from '@backoffice/platform';
import { startTestService, type TestService } from '@backoffice/platform/testing';
import { eventually, kafka, seedOrder, startOrders } from './orders-test-kit';

/*
 * Request-scoped logs (docs/architecture.md, "Logs"), end to end with real services: a request to payments with an
 * x-request-id, its log lines, the Kafka header the outbox relay adds to the event it caused, and the lines of
 * orders' consumer handling that event (and the paid event orders writes from there).
 */

process.env.KAFKA_TOPIC_PREFIX = `t${randomBytes(3).toString('hex')}.`;

type LogLine = Record<string, unknown> & { msg?: string; service?: string };
/** Both services' lines; Nest's Logger writes through the last app's logger, so they share one place. */
const lines: LogLine[] = [];
const logDestination = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
const headersSeen = new Map<string, Record<string, string>>();

let orders: TestService;
let payments: TestService;
let ordersDb: Client;
let paymentsDb: Client;
const consumer = kafka().consumer({ groupId: `log-context-test-${randomUUID()}`, sessionTimeout: 10_000, heartbeatInterval: 500 });

beforeAll(async () => {
  orders = await startOrders({ LOG_LEVEL: 'info' }, { logDestination });
  payments = await startTestService(() => require('../../payments/src/app.module').AppModule, {
    service: 'payments',
    env: { ORDERS_URL: orders.url, LOG_LEVEL: 'info' },
    logDestination,
  });
  ordersDb = new Client({ connectionString: orders.databaseUrl });
  paymentsDb = new Client({ connectionString: payments.databaseUrl });
  await Promise.all([ordersDb.connect(), paymentsDb.connect()]);
  await ensureTopics(kafka(), [{ name: topicName(PAYMENTS_PAYMENT_TOPIC) }]);
  await consumer.connect();
  await consumer.subscribe({ topic: topicName(PAYMENTS_PAYMENT_TOPIC), fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      const headers = Object.fromEntries(Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(v)]));
      if (headers.ce_id) headersSeen.set(headers.ce_id, headers);
    },
  });
}, 120_000);

afterAll(async () => {
  await consumer?.disconnect();
  await ordersDb?.end();
  await paymentsDb?.end();
  await payments?.close();
  await orders?.close();
});

it('carries the request id on the request lines, the event header, and the consumer lines of the event', async () => {
  const orderId = await seedOrder(orders, [{ itemId: 1, itemName: 'Tourist visa application', amount: 100 }]);
  const requestId = `test-${randomUUID()}`;
  const response = await payments.request('/api/payments', {
    method: 'POST',
    roles: ['Manager'],
    headers: { 'x-request-id': requestId },
    json: { orderId, amount: 100, merchant: 'Authorize.Net', transaction: { status: 'Settled', amount: 100, reference: 'tx-log' } },
  });
  expect(response.status).toBe(201);
  expect(response.headers.get('x-request-id')).toBe(requestId);

  // (a) payments' access line of the request carries the id (handler lines get it from the same context, which
  // the outbox row below shows was active in the handler).
  const requestLine = lines.find((line) => line.service === 'payments' && line.msg === 'request' && line.requestId === requestId);
  expect(requestLine).toMatchObject({ method: 'POST', status: 201 });

  // The event in payments' outbox records the request, outside the CloudEvents envelope.
  const { rows } = await paymentsDb.query<{ id: string; request_id: string; payload: Record<string, unknown> }>(
    `select id, request_id, payload from outbox where key = $1 order by seq`,
    [orderId],
  );
  expect(rows).toHaveLength(1);
  const eventId = rows[0]!.id;
  expect(rows[0]!.request_id).toBe(requestId);
  expect(Object.keys(rows[0]!.payload)).not.toContain('requestId');

  // (b) the Kafka message carries it as a header beside ce_id / ce_type.
  const headers = await eventually(() => headersSeen.get(eventId), 30_000, 'the payment event on Kafka');
  expect(headers).toMatchObject({ ce_id: eventId, 'x-request-id': requestId });

  // (c) orders' consumer line of the event carries both ids, and the event orders wrote from it keeps the request.
  const consumed = await eventually(
    () => lines.find((line) => line.msg === 'event' && line.eventId === eventId),
    60_000,
    'the consumer line of the payment event',
  );
  expect(consumed).toMatchObject({ requestId, topic: topicName(PAYMENTS_PAYMENT_TOPIC), context: 'KafkaConsumers' });
  const { rows: paid } = await ordersDb.query<{ request_id: string | null }>(
    `select request_id from outbox where key = $1 and type = 'paid'`,
    [orderId],
  );
  expect(paid).toEqual([{ request_id: requestId }]);
}, 120_000);
