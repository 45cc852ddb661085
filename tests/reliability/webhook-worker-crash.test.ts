import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Producer } from 'kafkajs';
import { ORDERS_ORDER_TOPIC, WEBHOOK_PATHS } from '@backoffice/contracts';
import { ensureTopics, topicName } from '@backoffice/platform';
import { signToken } from '@backoffice/platform/testing';
import { call, kafkaClient, orderCreatedMessage, OrdersUnderTest, sleep, uniquePrefix } from './fault-kit';
import { recordFigure } from './figures';

/**
 * The webhook worker (inside orders) is SIGKILLed in the middle of delivering a burst of events, then started again:
 * every event still reaches the receiver, a repeat carries the same webhook-id (receivers dedupe on it), and nothing
 * arrives that was not published. The claims the killed worker held come back when their lease ends.
 */
const EVENTS = 300;
const prefix = uniquePrefix('hookcrash');
const topic = topicName(ORDERS_ORDER_TOPIC, prefix);
const admin = signToken({ roles: ['Admin'], sub: randomUUID(), name: 'Ada Admin', expiresIn: 3600 });

const run = new OrdersUnderTest('webhook_crash', prefix, {
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  WEBHOOK_POLL_INTERVAL_MS: '100',
  WEBHOOK_TIMEOUT_MS: '2000',
  WEBHOOK_CLAIM_LEASE_MS: '3000',
  WEBHOOK_RETRY_BASE_MS: '200',
  WEBHOOK_RETRY_MAX_MS: '500',
});
let producer: Producer | undefined;
let receiver: Server;
/** Every request the receiver got: its webhook-id and the event id in its body. */
const received: { webhookId: string; eventId: string }[] = [];

const distinct = () => new Set(received.map((r) => r.webhookId)).size;

const until = async (check: () => boolean, ms: number, what: string) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms} ms (${distinct()} of ${EVENTS} received)`);
    await sleep(100);
  }
};

beforeAll(async () => {
  // A receiver that takes a moment per request, so deliveries are in flight when the worker dies.
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string };
      received.push({ webhookId: String(request.headers['webhook-id']), eventId: body.id });
      setTimeout(() => response.writeHead(200).end('ok'), 20);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  await ensureTopics(kafkaClient(), [{ name: topic }]);
  await run.start();
}, 180_000);

afterAll(async () => {
  await producer?.disconnect().catch(() => undefined);
  await run.stop('SIGTERM');
  receiver?.close();
}, 120_000);

it('delivers every event at least once, with the same webhook-id on a repeat, across a SIGKILL of the delivery worker', async () => {
  const { orders } = run;
  const port = (receiver.address() as { port: number }).port;
  const subscribed = await call(orders.url, WEBHOOK_PATHS.subscriptions, admin, {
    url: `http://127.0.0.1:${port}/hooks`,
    eventTypes: ['orders.order.v1'],
  });
  expect(subscribed.status).toBe(201);

  producer = kafkaClient().producer({ idempotent: true });
  await producer.connect();
  const published = Array.from({ length: EVENTS }, () => orderCreatedMessage(randomUUID()));
  await producer.send({ topic, acks: -1, messages: published });
  const eventIds = new Set(published.map((m) => (JSON.parse(m.value) as { id: string }).id));

  // Kill it mid-burst: some delivered, some claimed and in flight, the rest not yet taken.
  await until(() => distinct() >= EVENTS / 3, 120_000, 'the first third of the deliveries');
  await orders.stop('SIGKILL');
  const atKill = distinct();
  expect(atKill).toBeLessThan(EVENTS);

  const restarted = Date.now();
  await orders.start();
  await until(() => distinct() === EVENTS, 120_000, 'every event delivered after the restart');
  const completedMs = Date.now() - restarted;
  await sleep(1500); // nothing more may follow but repeats

  // Exactly the events published, each at least once; a repeat is the same event under the same webhook-id.
  expect(new Set(received.map((r) => r.eventId))).toEqual(eventIds);
  expect(received.every((r) => r.webhookId === r.eventId)).toBe(true);
  const repeats = received.length - distinct();

  recordFigure('Webhook worker SIGKILLed mid-burst', `events delivered of ${EVENTS}`, distinct(), 'events');
  recordFigure('Webhook worker SIGKILLed mid-burst', 'delivered before the kill', atKill, 'events');
  recordFigure('Webhook worker SIGKILLed mid-burst', 'repeats (same webhook-id)', repeats, 'events');
  recordFigure('Webhook worker SIGKILLed mid-burst', 'restart to the last event delivered', completedMs, 'ms');
}, 400_000);
