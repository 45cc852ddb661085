// The stacks of the end-to-end tests, the load run and the benchmarks: deploy/local's stack (stack.mjs) beside the
// one `npm start` runs, on ports, databases, a Redis database and topics of their own, emptied before each run.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from '../deploy/local/util.mjs';
import { databasesFor, redisUrlWithDb } from '../deploy/local/stack.mjs';

const require = createRequire(import.meta.url);

/** The tests' stack: STACK_NAME / STACK_PORT_OFFSET / STACK_REDIS_DB let several run side by side (+10000 by default). */
export const TEST_PROFILE = {
  name: process.env.STACK_NAME ?? 'test',
  portOffset: Number(process.env.STACK_PORT_OFFSET ?? 10000),
  database: (s) => `backoffice_${process.env.STACK_NAME ?? 'test'}_${s}`,
  redisDb: Number(process.env.STACK_REDIS_DB ?? 1),
  topicPrefix: `e2e${Date.now().toString(36)}.`,
  nodeEnv: 'test',
  logLevel: 'info',
  echo: false,
};

/** The benchmarks' stack, request logs off: BENCH_NAME / BENCH_PORT_OFFSET / BENCH_REDIS_DB let one run beside another. */
export const BENCH_PROFILE = {
  name: process.env.BENCH_NAME ?? 'bench',
  // Below Linux's ephemeral range (32768 and up): a port there can be taken by an outgoing connection as the stack starts.
  portOffset: Number(process.env.BENCH_PORT_OFFSET ?? 20000),
  database: (s) => `backoffice_${process.env.BENCH_NAME ?? 'bench'}_${s}`,
  redisDb: Number(process.env.BENCH_REDIS_DB ?? 9),
  topicPrefix: `bench${Date.now().toString(36)}.`,
  nodeEnv: 'development',
  logLevel: 'warn',
  echo: false,
};

/** Empties what a profile's stack keeps: its databases are dropped and created again, its Redis database flushed. */
export async function freshData(infra, profile) {
  const pg = require(join(ROOT, 'node_modules/pg'));
  const client = new pg.Client({ connectionString: infra.databaseUrlFor('postgres') });
  await client.connect();
  try {
    for (const name of databasesFor(profile)) {
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.query(`create database "${name}"`);
    }
  } finally {
    await client.end();
  }
  const Redis = require(join(ROOT, 'node_modules/ioredis'));
  const redis = new Redis(redisUrlWithDb(infra.redisUrl, profile.redisDb));
  await redis.flushdb();
  await redis.quit();
}
