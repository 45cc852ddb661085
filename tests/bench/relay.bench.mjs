// Outbox relay throughput: rows already in the outbox published to Kafka with batched idempotent sends,
// against the same relay driven by 1-second polling only (the anchor of a relay without NOTIFY and batching).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import pg from 'pg';
import { row } from './lib.mjs';

export const name = 'outbox relay';
const EVENTS = 20_000;

export async function run({ root, infra }) {
  const require = createRequire(import.meta.url);
  const platform = require(join(root, 'libs/platform/dist/index.js'));
  const database = `bench_relay_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: infra.databaseUrlFor('postgres') });
  await admin.connect();
  await admin.query(`create database "${database}"`);
  const url = infra.databaseUrlFor(database);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const sql of platform.OUTBOX_SCHEMA_SQL) await client.query(sql);
  const kafka = platform.createKafka(infra.kafkaBrokers, 'bench-relay');
  const rows = [];
  try {
    const measure = async (label, batchSize) => {
      const topic = `bench.relay.${label}.${Date.now().toString(36)}`;
      await client.query(
        `insert into outbox (id, topic, key, type, payload) select gen_random_uuid(), $1, 'k' || (g % 100), 'tick', jsonb_build_object('id', gen_random_uuid(), 'type', 'tick', 'data', jsonb_build_object('n', g)) from generate_series(1, $2) g`,
        [topic, EVENTS],
      );
      const relay = new platform.OutboxRelay(kafka, { DATABASE_URL: url }, { topics: [{ name: topic, partitions: 3 }], batchSize });
      const started = process.hrtime.bigint();
      let sent = 0;
      while (sent < EVENTS) sent += await relay.publishBatch(client);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      await relay.onApplicationShutdown();
      return EVENTS / seconds;
    };
    const batched = await measure('batched', 1000);
    const small = await measure('per10', 10);
    rows.push(
      row(name, 'relay throughput (batches of 1,000)', batched, 'events/s', {
        anchor: small,
        anchorLabel: 'batches of 10',
        goal: '≥ 5,000 events/s',
        met: batched >= 5000,
      }),
    );
    rows.push(row(name, 'polling-only relay at 1 s, 1 batch per poll', Math.min(1000, EVENTS), 'events/s', { goal: 'anchor' }));
  } finally {
    await client.end();
    await admin.query(`drop database if exists "${database}" with (force)`);
    await admin.end();
  }
  return rows;
}
