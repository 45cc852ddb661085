// Outbox relay: throughput draining a backlog with batched idempotent sends, against the same relay
// sending batches of 10 and a plain polling relay given the same backlog and batch size (select a batch, one
// send, one mark; it sleeps 1 s only when a poll finds nothing, as the product's relay does); and latency from
// commit to Kafka acknowledgement under a trickle of single-event transactions, against the same
// relay with polling only (no NOTIFY) at 1 s.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import pg from 'pg';
import { percentile, row } from './lib.mjs';

export const name = 'outbox relay';
/** The relay runs on PostgreSQL and Kafka alone: no stack. */
export const needsStack = false;
const BACKLOG = 20_000;
const BATCH = 1000;
const TRICKLE = 200;

const insertEvents = (client, topic, count) =>
  client.query(
    `insert into outbox (id, topic, key, type, payload)
     select gen_random_uuid(), $1, 'k' || (g % 100), 'tick', jsonb_build_object('id', gen_random_uuid(), 'type', 'tick', 'data', jsonb_build_object('n', g))
     from generate_series(1, $2) g`,
    [topic, count],
  );

const until = async (check, timeoutMs, what) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

export async function run({ root, infra }) {
  const require = createRequire(import.meta.url);
  const platform = require(join(root, 'libs/platform/dist/index.js'));
  require('@nestjs/common').Logger.overrideLogger(['error']); // the relay's "now publishes" lines
  const database = `bench_relay_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: infra.databaseUrlFor('postgres') });
  await admin.connect();
  await admin.query(`create database "${database}"`);
  const url = infra.databaseUrlFor(database);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const sql of platform.OUTBOX_SCHEMA_SQL) await client.query(sql);
  const kafka = platform.createKafka(infra.kafkaBrokers, 'bench-relay');
  const topicOf = (label) => `bench.relay.${label}.${Date.now().toString(36)}`;
  const rows = [];
  try {
    /** The product's relay publishing a backlog, batch after batch, as its loop does. */
    const drain = async (label, batchSize) => {
      const topic = topicOf(label);
      await insertEvents(client, topic, BACKLOG);
      const relay = new platform.OutboxRelay(kafka, { DATABASE_URL: url }, { topics: [{ name: topic, partitions: 3 }], batchSize });
      await relay.publishBatch(client); // connects the producer and creates the topic, outside the timing
      const started = process.hrtime.bigint();
      let sent = 0;
      while (sent < BACKLOG - batchSize) sent += await relay.publishBatch(client);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      await relay.onApplicationShutdown();
      return sent / seconds;
    };

    /**
     * A plain polling publisher, on equal terms: the same 20,000-event backlog and batch size, one batched send
     * and one mark per batch, polling again at once while a poll finds work and sleeping 1 s when it finds none.
     * Not the product's code (no advisory lock, NOTIFY or topic set-up), so it shows what those cost.
     */
    const pollingRelay = async () => {
      const topic = topicOf('polling');
      await platform.ensureTopics(kafka, [{ name: topic, partitions: 3 }]);
      const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
      await producer.connect();
      await insertEvents(client, topic, BACKLOG);
      const started = process.hrtime.bigint();
      let sent = 0;
      while (sent < BACKLOG) {
        const { rows: due } = await client.query(
          `select seq, topic, key, payload from outbox where published_at is null and topic = $1 order by seq limit $2`,
          [topic, BATCH],
        );
        if (due.length === 0) {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          continue;
        }
        await producer.send({
          topic,
          acks: -1,
          messages: due.map((event) => ({ key: event.key, value: JSON.stringify(event.payload) })),
        });
        await client.query('update outbox set published_at = now() where seq = any($1::bigint[])', [due.map((event) => event.seq)]);
        sent += due.length;
      }
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      await producer.disconnect();
      return sent / seconds;
    };

    /**
     * Commit → Kafka acknowledgement of single-event transactions, one every 20 ms, published by the
     * relay's own loop (NOTIFY wakes it, or only its 1 s poll when `notify` is false): the outbox
     * row's published_at (set right after the acknowledgement) minus its commit time.
     */
    const trickle = async (label, notify) => {
      const topic = topicOf(label);
      if (!notify) await client.query('drop trigger if exists outbox_notify_trg on outbox');
      const relay = new platform.OutboxRelay(kafka, { DATABASE_URL: url }, { topics: [{ name: topic, partitions: 3 }], pollMs: 1000 });
      relay.onApplicationBootstrap();
      try {
        await until(() => relay.isLeader, 30_000, 'the relay to take the outbox');
        await insertEvents(client, topic, 1); // topic and producer ready before the timing
        await until(async () => relay.published >= 1, 30_000, 'the first event');
        const latencies = [];
        for (let i = 0; i < TRICKLE; i++) {
          await client.query('begin');
          const { rows: made } = await client.query(
            `insert into outbox (id, topic, key, type, payload) values (gen_random_uuid(), $1, 'k', 'tick', '{}') returning seq`,
            [topic],
          );
          await client.query('commit');
          const committed = Date.now();
          latencies.push({ seq: made[0].seq, committed });
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const seqs = latencies.map((l) => l.seq);
        await until(
          async () =>
            (await client.query('select count(*)::int as n from outbox where seq = any($1) and published_at is not null', [seqs])).rows[0]
              .n === TRICKLE,
          60_000,
          'every trickled event to be published',
        );
        const { rows: published } = await client.query(
          `select seq, (extract(epoch from published_at) * 1000)::float8 as at from outbox where seq = any($1)`,
          [seqs],
        );
        const at = new Map(published.map((p) => [String(p.seq), p.at]));
        return latencies.map((l) => at.get(String(l.seq)) - l.committed);
      } finally {
        await relay.onApplicationShutdown();
        if (!notify)
          await client.query('create trigger outbox_notify_trg after insert on outbox for each statement execute function outbox_notify()');
      }
    };

    const batched = await drain('batched', BATCH);
    const small = await drain('per10', 10);
    const polling = await pollingRelay();
    rows.push(
      row(name, `relay throughput, ${BACKLOG.toLocaleString('en-US')}-event backlog, batches of 1,000`, batched, 'events/s', {
        anchor: small,
        anchorLabel: 'same relay, batches of 10',
        goal: '≥ 5,000 events/s',
        met: batched >= 5000,
      }),
      row(
        name,
        `relay throughput against a plain polling relay, same backlog and batches of ${BATCH.toLocaleString('en-US')}`,
        batched,
        'events/s',
        {
          anchor: polling,
          anchorLabel: 'polling relay: one send and one mark per batch, 1 s sleep only when idle',
        },
      ),
    );
    const notified = await trickle('notify', true);
    const polled = await trickle('poll', false);
    rows.push(
      row(name, `commit → Kafka ack, ${TRICKLE} single-event commits 20 ms apart: p50`, percentile(notified, 50), 'ms', {
        anchor: percentile(polled, 50),
        anchorLabel: 'same relay, polling only at 1 s',
      }),
      row(name, 'commit → Kafka ack: p99', percentile(notified, 99), 'ms', {
        anchor: percentile(polled, 99),
        anchorLabel: 'same relay, polling only at 1 s',
        goal: '≤ 50 ms',
        met: percentile(notified, 99) <= 50,
      }),
    );
  } finally {
    await client.end();
    await admin.query(`drop database if exists "${database}" with (force)`);
    await admin.end();
  }
  return rows;
}
