import { randomUUID } from 'node:crypto';
import type { Producer } from 'kafkajs';
import { CATALOGUE_SERVICE_TOPIC, ORDERS_ORDER_TOPIC } from '@backoffice/contracts';
import { ensureTopics, topicName } from '@backoffice/platform';
import { createTestDatabase, signToken } from '@backoffice/platform/testing';
import {
  buildServices,
  call,
  deleteTopics,
  kafkaClient,
  kafkaControl,
  killOnExit,
  orderCreatedMessage,
  ordersEnv,
  query,
  serviceProcess,
  sleep,
  stopSharedKafka,
  uniquePrefix,
  type ServiceProcess,
} from './fault-kit';
import { recordFigure } from './figures';
import { catalogueEvent, catalogueServiceState } from '../../services/orders/test/orders-test-kit';

/**
 * The broker goes away under running orders and crm processes and comes back. While it is away, rebuilding the
 * catalogue read model (which reads the whole topic) tries again, then answers 503 naming Kafka, never a 500; when it
 * is back, the same processes, never restarted, consume again: orders its catalogue changes (and the rebuild
 * succeeds), crm the orders it keeps for the sales agent report.
 */
const prefix = uniquePrefix('resume');
const topic = topicName(CATALOGUE_SERVICE_TOPIC, prefix);
const orderTopic = topicName(ORDERS_ORDER_TOPIC, prefix);
const admin = signToken({ roles: ['Admin'], sub: randomUUID(), name: 'Ada Admin', expiresIn: 3600 });

let orders: ServiceProcess;
let crm: ServiceProcess;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let crmDatabase: Awaited<ReturnType<typeof createTestDatabase>>;
let producer: Producer | undefined;
let kafkaStopped = false;
let forget: () => void = () => undefined;

/** A catalogue service's full state in its event envelope, as the catalogue publishes it. */
const serviceEvent = (id: number, name: string, price: number) => {
  const updatedAt = new Date().toISOString();
  return {
    key: String(id),
    value: catalogueEvent(catalogueServiceState(id, name, price, updatedAt, { serviceFiles: [], createdAt: updatedAt })),
  };
};

const crmKnows = async (orderId: string) =>
  (await query(crmDatabase.url, 'select 1 from reported_orders where order_id = $1', [orderId])).length === 1;

const readModelNames = async () => {
  const answer = await call(orders.url, '/api/orders/read-models/catalogue', admin);
  return answer.status === 200 ? (answer.body as unknown as { name: string }[]).map((s) => s.name) : [];
};

const until = async (check: () => Promise<boolean>, ms: number, what: string) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms} ms`);
    await sleep(250);
  }
};

beforeAll(async () => {
  buildServices();
  database = await createTestDatabase('kafka_resume');
  crmDatabase = await createTestDatabase('kafka_resume_crm');
  await ensureTopics(kafkaClient(), [{ name: topic, compacted: true }, { name: orderTopic }]);
  orders = await serviceProcess('orders', ordersEnv(database.url, prefix));
  crm = await serviceProcess('crm', { DATABASE_URL: crmDatabase.url, KAFKA_TOPIC_PREFIX: prefix, SEED_DEMO_DATA: 'false' });
  forget = killOnExit(() => [orders, crm]);
  await Promise.all([orders.start(), crm.start()]);
}, 180_000);

afterAll(async () => {
  // The broker is shared: whatever happened, it comes back.
  if (kafkaStopped) await kafkaControl('kafka-start');
  await producer?.disconnect().catch(() => undefined);
  await orders?.stop('SIGTERM');
  await crm?.stop('SIGTERM');
  forget();
  await database?.drop().catch(() => undefined);
  await crmDatabase?.drop().catch(() => undefined);
  await deleteTopics(prefix);
}, 240_000);

it('answers 503 naming Kafka to a rebuild while the broker is away, and orders and crm consume again, unrestarted, once it is back', async () => {
  producer = kafkaClient().producer();
  await producer.connect();
  const before = randomUUID();
  await producer.send({ topic, acks: -1, messages: [serviceEvent(1, 'Before the outage', 10)] });
  await producer.send({ topic: orderTopic, acks: -1, messages: [orderCreatedMessage(before)] });
  await until(async () => (await readModelNames()).includes('Before the outage'), 60_000, 'the first catalogue change arriving');
  await until(() => crmKnows(before), 60_000, 'crm receiving the first order');
  await producer.disconnect();
  producer = undefined;
  const pid = orders.pid;
  const crmPid = crm.pid;

  kafkaStopped = true;
  await stopSharedKafka();
  const started = Date.now();
  const rebuild = await call(orders.url, '/api/orders/read-models/catalogue/rebuild', admin, {}, 120_000);
  const rebuildMs = Date.now() - started;
  expect(rebuild.status).toBe(503);
  expect(rebuild.contentType).toMatch(/problem\+json/);
  expect(String(rebuild.body?.detail)).toMatch(/^The catalogue topic could not be read from Kafka \(.+\); try again shortly\.$/);
  // It tried again before giving up (its two retries wait 0.3 s and 1 s).
  expect(rebuildMs).toBeGreaterThanOrEqual(1300);
  // What the read model held stays served while the broker is away.
  expect(await readModelNames()).toEqual(['Before the outage']);

  const starting = Date.now();
  await kafkaControl('kafka-start');
  kafkaStopped = false;
  const backAt = Date.now();
  producer = kafkaClient().producer();
  await producer.connect();
  const after = randomUUID();
  await producer.send({ topic, acks: -1, messages: [serviceEvent(2, 'After the outage', 20)] });
  await producer.send({ topic: orderTopic, acks: -1, messages: [orderCreatedMessage(after)] });
  await until(async () => (await readModelNames()).includes('After the outage'), 120_000, 'the consumer resuming after the outage');
  const resumedMs = Date.now() - backAt;
  expect(orders.running()).toBe(true);
  expect(orders.pid).toBe(pid); // the same process: its consumer reconnected by itself
  await until(() => crmKnows(after), 120_000, 'crm consuming orders again after the outage');
  const crmResumedMs = Date.now() - backAt;
  expect(crm.running()).toBe(true);
  expect(crm.pid).toBe(crmPid);

  const rebuilt = await call(orders.url, '/api/orders/read-models/catalogue/rebuild', admin, {}, 120_000);
  expect(rebuilt.status).toBe(200);
  expect(rebuilt.body).toMatchObject({ services: 2 });
  expect((await readModelNames()).sort()).toEqual(['After the outage', 'Before the outage']);

  recordFigure('Kafka away under a running orders process', 'rebuild answered 503 after its retries', rebuildMs, 'ms');
  recordFigure('Kafka away under a running orders process', 'Kafka start to ready (infra.mjs kafka-start)', backAt - starting, 'ms');
  recordFigure('Kafka away under a running orders process', 'Kafka back to the next catalogue change consumed', resumedMs, 'ms');
  recordFigure('Kafka away under a running orders process', 'Kafka back to the next order consumed by crm', crmResumedMs, 'ms');
}, 400_000);
