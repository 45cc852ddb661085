// Status events: 1,000 client-service status transactions through the gateway and the orders API, one
// after another; for each, the time from its commit to Kafka's acknowledgement of its event (the outbox
// row's published_at, set right after the acknowledgement, minus its created_at, set just before the
// commit, so a little more than commit → ack) and to its receipt by a kafkajs consumer.
// The relay's throughput against a polling-only relay is in relay.bench.mjs.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import pg from 'pg';
import { percentile, row } from './lib.mjs';

export const name = 'status events';
const TRANSACTIONS = Number(process.env.BENCH_STATUS_TRANSACTIONS ?? 1000);
const STEPS = ['Verified', 'Filled', 'Completed'];

const until = async (check, timeoutMs, what) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

export async function run({ stack, token, freshToken, root, infra, databaseUrl, topicPrefix }) {
  const require = createRequire(import.meta.url);
  const platform = require(join(root, 'libs/platform/dist/index.js'));
  const { ORDERS_CLIENT_SERVICE_TOPIC } = require(join(root, 'libs/contracts/dist/index.js'));
  const api = async (path, body) => {
    const response = await fetch(`${stack.url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${(await freshToken?.()) ?? token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };

  // Client services to move: each goes Created → Verified → Filled → Completed (three status changes).
  const services = await until(
    async () => {
      const rows = (await api('/api/orders/read-models/catalogue')).filter((s) => s.active);
      return rows.length >= 3 ? rows.slice(0, 5) : undefined;
    },
    120_000,
    "the catalogue's services in the orders read model",
  );
  const clientServices = [];
  while (clientServices.length * STEPS.length < TRANSACTIONS) {
    const order = await api('/api/orders', {
      name: 'Bench Client',
      contactInfo: '+1 212 555 0199',
      email: 'bench@example.com',
      address: '350 5th Ave, Apt 12B',
      zipCode: '10001',
      city: 'New York City',
      county: 'New York County',
      state: 'NY',
      country: 'US',
      items: services.map((s) => ({ itemId: s.id, quantity: 1 })),
    });
    for (const item of order.items) {
      const submitted = await api('/api/client-services/submit', { orderId: order.id, itemId: item.itemId });
      if (!submitted.success) throw new Error(`submit refused: ${submitted.message}`);
      clientServices.push(submitted.clientServiceId);
    }
  }

  const topic = `${topicPrefix}${ORDERS_CLIENT_SERVICE_TOPIC}`;
  const kafka = platform.createKafka(infra.kafkaBrokers, 'bench-status-events');
  const consumer = kafka.consumer({ groupId: `bench-status-${Date.now().toString(36)}`, maxWaitTimeInMs: 50 });
  const received = new Map();
  const orders = new pg.Client({ connectionString: databaseUrl('orders') });
  await orders.connect();
  try {
    await consumer.connect();
    const joined = new Promise((resolve) => consumer.on(consumer.events.GROUP_JOIN, resolve));
    await consumer.subscribe({ topic, fromBeginning: false });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const id = message.headers?.ce_id?.toString();
        if (id && !received.has(id)) received.set(id, Date.now());
      },
    });
    await joined; // the group starts at the latest offsets once it has its partitions

    const { rows: before } = await orders.query('select coalesce(max(seq), 0) as seq from outbox');
    const httpMs = [];
    for (let i = 0; i < TRANSACTIONS; i++) {
      const clientServiceId = clientServices[Math.floor(i / STEPS.length)];
      const status = STEPS[i % STEPS.length];
      const started = process.hrtime.bigint();
      const result = await api('/api/ServiceTransaction', { clientServiceId, status, note: `bench step ${i}` });
      httpMs.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (!result.success) throw new Error(`transaction ${i} refused: ${result.message}`);
    }
    const { rows: events } = await until(
      async () => {
        const found = await orders.query(
          `select id, (extract(epoch from created_at) * 1000)::float8 as created, (extract(epoch from published_at) * 1000)::float8 as published
           from outbox where seq > $1 and type = 'status-changed'`,
          [before[0].seq],
        );
        return found.rows.length >= TRANSACTIONS && found.rows.every((e) => e.published && received.has(e.id)) ? found : undefined;
      },
      120_000,
      'every status event to be published and received',
    );
    const ack = events.map((e) => e.published - e.created);
    const receipt = events.map((e) => received.get(e.id) - e.created);
    const label = `${events.length.toLocaleString('en-US')} status transactions`;
    return [
      row(name, `${label}: commit → Kafka ack p50`, percentile(ack, 50), 'ms'),
      row(name, `${label}: commit → Kafka ack p99`, percentile(ack, 99), 'ms', { goal: '≤ 50 ms', met: percentile(ack, 99) <= 50 }),
      row(name, `${label}: commit → consumer receipt p50`, percentile(receipt, 50), 'ms'),
      row(name, `${label}: commit → consumer receipt p99`, percentile(receipt, 99), 'ms'),
      row(name, `${label}: the transaction's HTTP round trip through the gateway, p50`, percentile(httpMs, 50), 'ms', {
        anchor: percentile(httpMs, 99),
        anchorLabel: 'p99',
      }),
    ];
  } finally {
    await consumer.disconnect().catch(() => undefined);
    await orders.end();
  }
}
