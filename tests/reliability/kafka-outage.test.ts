import type { Consumer } from 'kafkajs';
import { ORDERS_CLIENT_SERVICE_TOPIC } from '@backoffice/contracts';
import { InboxService, topicName } from '@backoffice/platform';
import type { TestService } from '@backoffice/platform/testing';
import { startPlatformService } from '../../libs/platform/test/platform-test-service';
import {
  call,
  clientServicesFor,
  kafkaClient,
  kafkaControl,
  managerToken,
  OrdersUnderTest,
  percentile,
  query,
  sleep,
  statusesOf,
  stopSharedKafka,
  uniquePrefix,
} from './fault-kit';
import { recordFigure } from './figures';

/**
 * Kafka stopped while staff make 1,000 status transactions through the orders API: every request still
 * succeeds (events wait in the outbox); once Kafka is back, a consumer with an inbox receives all 1,000
 * events, in order per client service, and handles none twice.
 */
const TRANSACTIONS = 1000;
const CLIENT_SERVICES = clientServicesFor(TRANSACTIONS);
const LOOPS = 8;
const prefix = uniquePrefix('kafkaout');
const topic = topicName(ORDERS_CLIENT_SERVICE_TOPIC, prefix);

const run = new OrdersUnderTest('kafka_outage', prefix);
let consumerService: TestService;
let kafkaStopped = false;
let consumer: Consumer | undefined;

beforeAll(async () => {
  await run.start();
  // The consumer's side: a service of its own with the platform's inbox (dedupe by event id).
  consumerService = await startPlatformService(
    { topics: [], relay: false },
    { service: 'faultconsumer', env: { KAFKA_TOPIC_PREFIX: prefix } },
  );
}, 180_000);

afterAll(async () => {
  // The broker is shared: whatever happened, it comes back.
  if (kafkaStopped) await kafkaControl('kafka-start');
  await consumer?.disconnect().catch(() => undefined);
  await consumerService?.close();
  await run.stop('SIGTERM');
}, 240_000);

it('accepts every status transaction while Kafka is down and delivers all 1,000 events in order, once, when it returns', async () => {
  const { orders, database } = run;
  const token = managerToken();

  // The client services exist before the outage (their `submitted` events are published).
  const ids = await run.submitClientServices(CLIENT_SERVICES, token);
  // The status-changed and submitted events (each change's audit event waits beside it, on the audit topic).
  const unpublished = async () =>
    Number(
      (
        await query<{ count: string }>(
          database.url,
          `select count(*) from outbox where published_at is null and topic not like '%audit.action.v1'`,
        )
      )[0].count,
    );
  const published = Date.now() + 60_000;
  while ((await unpublished()) > 0 && Date.now() < published) await sleep(200);
  expect(await unpublished()).toBe(0);
  const pid = orders.pid;

  // Kafka goes away; the status transactions are made while it is away.
  const stopping = Date.now();
  kafkaStopped = true;
  await stopSharedKafka();
  const stoppedAt = Date.now();
  const statuses: (number | string)[] = [];
  const latencies: number[] = [];
  const work = ids.flatMap((id, i) => statusesOf(i, TRANSACTIONS).map((status) => ({ id, status })));
  expect(work).toHaveLength(TRANSACTIONS);
  // One loop per slice of client services, so each service's changes go in order.
  const slices = Array.from({ length: LOOPS }, (_, loop) => ids.filter((_, i) => i % LOOPS === loop));
  await Promise.all(
    slices.map(async (slice) => {
      for (const id of slice) {
        for (const { status } of work.filter((w) => w.id === id)) {
          const result = await call(orders.url, '/api/ServiceTransaction', token, { clientServiceId: id, status, note: `to ${status}` });
          statuses.push(result.status === 200 && result.body?.success === true ? 200 : `${result.status} ${JSON.stringify(result.body)}`);
          latencies.push(result.ms);
        }
      }
    }),
  );
  const madeIn = Date.now() - stoppedAt;
  const waiting = await unpublished();

  // Kafka returns.
  const starting = Date.now();
  await kafkaControl('kafka-start');
  kafkaStopped = false;
  const backAt = Date.now();
  const outageMs = backAt - stopping;

  expect(statuses.filter((s) => s !== 200)).toEqual([]);
  expect(statuses).toHaveLength(TRANSACTIONS);
  expect(waiting).toBe(TRANSACTIONS); // every event waited in the outbox
  expect(orders.running()).toBe(true);
  expect(orders.pid).toBe(pid); // no restart

  // A consumer from the topic's start, deduplicating through the inbox.
  const inbox = consumerService.app.get(InboxService);
  consumer = kafkaClient().consumer({ groupId: `${prefix}fault-consumer`, sessionTimeout: 15_000, heartbeatInterval: 1000 });
  const received = new Map<string, string[]>();
  const transactionIds = new Set<string>();
  let handled = 0;
  let repeats = 0;
  let sameChangeTwice = 0;
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      const event = JSON.parse(message.value!.toString()) as {
        id: string;
        type: string;
        subject: string;
        data: { to?: string; transactionId?: string };
      };
      if (event.type !== 'status-changed') return;
      const ran = await inbox.handleOnce('fault-consumer', event.id, async () => {
        received.set(event.subject, [...(received.get(event.subject) ?? []), event.data.to!]);
        if (transactionIds.has(event.data.transactionId!)) sameChangeTwice++; // one change, two events
        transactionIds.add(event.data.transactionId!);
        handled++;
      });
      if (!ran) repeats++;
    },
  });
  const deadline = Date.now() + 120_000;
  while (handled < TRANSACTIONS && Date.now() < deadline) await sleep(200);
  const allAt = Date.now();
  await sleep(2000); // nothing more may follow
  await consumer.disconnect();
  consumer = undefined;

  // What went over the wire: each event at least once (a batch cut by the broker's return is sent again).
  const admin = kafkaClient().admin();
  await admin.connect();
  const onTopic = (await admin.fetchTopicOffsets(topic)).reduce((sum, p) => sum + Number(p.high) - Number(p.low), 0);
  await admin.disconnect();

  expect(handled).toBe(TRANSACTIONS);
  expect(sameChangeTwice).toBe(0);
  expect(onTopic).toBeGreaterThanOrEqual(CLIENT_SERVICES + TRANSACTIONS);
  expect(await unpublished()).toBe(0);
  expect(received.size).toBe(CLIENT_SERVICES);
  ids.forEach((id, i) => {
    expect(received.get(id)).toEqual(statusesOf(i, TRANSACTIONS));
  });

  recordFigure('Kafka stopped during 1,000 status transactions', 'requests that failed while Kafka was away', 0, 'requests');
  recordFigure('Kafka stopped during 1,000 status transactions', 'time to make the 1,000 transactions', madeIn, 'ms');
  recordFigure('Kafka stopped during 1,000 status transactions', 'request p99 while Kafka was away', percentile(latencies, 99), 'ms');
  recordFigure('Kafka stopped during 1,000 status transactions', 'Kafka away (stop to ready again)', outageMs, 'ms');
  recordFigure('Kafka stopped during 1,000 status transactions', 'Kafka stop (infra.mjs kafka-stop)', stoppedAt - stopping, 'ms');
  recordFigure('Kafka stopped during 1,000 status transactions', 'Kafka start to ready (infra.mjs kafka-start)', backAt - starting, 'ms');
  recordFigure(
    'Kafka stopped during 1,000 status transactions',
    'events sent twice by the relay after the outage',
    onTopic - CLIENT_SERVICES - TRANSACTIONS,
    'events',
  );
  recordFigure('Kafka stopped during 1,000 status transactions', 'Kafka back to all 1,000 events handled', allAt - backAt, 'ms');
  recordFigure('Kafka stopped during 1,000 status transactions', 'repeats delivered and skipped by the inbox', repeats, 'events');
}, 300_000);
