#!/usr/bin/env node
// The infrastructure step of `npm start`, `npm test`, `npm run bench` and `npm run test:faults`: makes sure
// PostgreSQL, Redis and Kafka (kafka.mjs) answer, creates the requested databases and returns the URLs to use.
// DATABASE_URL, REDIS_URL and KAFKA_BROKERS name servers to use instead (then nothing is started for them). What
// this step started is recorded, and stopInfra() stops only that. See README.md beside this file.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Redis from 'ioredis';
import pg from 'pg';
import { ensureKafka, KAFKA_BROKER, KAFKA_NAME, localBroker, stopBroker, stopLocalBroker } from './kafka.mjs';
import { findExecutable, isPortOpen, LOCAL, readFile, run, waitUntil, withLock } from './util.mjs';

const HOST = '127.0.0.1';
const STATE_FILE = path.join(LOCAL, KAFKA_NAME === 'kafka' ? 'infra-started.json' : `infra-started-${KAFKA_NAME}.json`);

/**
 * Runs `work(state)` under the infra lock, so that concurrent callers never start two brokers, with the record of
 * what this step started; the record is written back even when `work` fails, so that `down` still stops it.
 */
function withRecord(log, work) {
  return withLock(
    path.join(LOCAL, 'infra'),
    async () => {
      let state = {};
      try {
        state = JSON.parse(readFile(STATE_FILE) ?? '{}');
      } catch {
        /* unreadable: nothing recorded */
      }
      try {
        return await work(state);
      } finally {
        if (Object.keys(state).length) fs.writeFileSync(STATE_FILE, JSON.stringify(state, null, 2) + '\n');
        else fs.rmSync(STATE_FILE, { force: true });
      }
    },
    { log: (message) => log(`infra: ${message}`) },
  );
}

/** A short-lived client: one query on the server's `postgres` database. */
async function pgQuery(url, sql, params) {
  const client = new pg.Client({ connectionString: databaseUrl(url, 'postgres'), connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return await client.query(sql, params);
  } finally {
    await client.end().catch(() => {});
  }
}

/** A short-lived Redis client that neither retries nor queues: `use(client)`, then it disconnects. */
async function withRedis(target, use) {
  const client = new Redis(target, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return await use(client);
  } finally {
    client.disconnect();
  }
}

/**
 * PostgreSQL and Redis: the server its variable names, else the local default, started when nothing answers there
 * (recorded, so that stopInfra stops it), then polled until it answers.
 */
const SERVERS = {
  postgres: {
    variable: 'DATABASE_URL',
    defaultUrl: 'postgres://postgres@127.0.0.1:5432/',
    port: 5432,
    cannotStart: 'pg_ctlcluster cannot start it; start PostgreSQL or set DATABASE_URL',
    /** The newest Debian cluster named main (/etc/postgresql/<version>/main), started with pg_ctlcluster. */
    async start() {
      const dir = '/etc/postgresql';
      const versions = fs.existsSync(dir) ? fs.readdirSync(dir).filter((v) => fs.existsSync(path.join(dir, v, 'main'))) : [];
      if (!versions.length || !findExecutable('pg_ctlcluster')) return null;
      const cluster = { version: versions.sort((a, b) => Number(a) - Number(b)).at(-1), name: 'main' };
      await run('pg_ctlcluster', ['--skip-systemctl-redirect', cluster.version, cluster.name, 'start']);
      return cluster;
    },
    stop: ({ version, name }) => run('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, 'stop']),
    answers: (url) => pgQuery(url, 'SELECT 1').then(() => true),
    // Wrong credentials, a missing role or database will not fix themselves.
    fatal: (error) => ['28P01', '28000', '3D000'].includes(error.code),
  },
  redis: {
    variable: 'REDIS_URL',
    defaultUrl: 'redis://127.0.0.1:6379',
    port: 6379,
    cannotStart: 'redis-server is not installed; start Redis or set REDIS_URL',
    /** redis-server without persistence, its files in .local/redis. */
    async start() {
      if (!findExecutable('redis-server')) return null;
      const dir = path.join(LOCAL, 'redis');
      fs.mkdirSync(dir, { recursive: true });
      const options = { daemonize: 'yes', bind: '127.0.0.1 -::1', port: '6379', save: '', appendonly: 'no', dir };
      const args = Object.entries(options).flatMap(([key, value]) => [`--${key}`, ...value.split(' ')]);
      await run('redis-server', [...args, '--logfile', path.join(dir, 'redis.log')]);
      return { host: HOST, port: 6379 };
    },
    async stop(address) {
      await withRedis(address, (client) => client.call('SHUTDOWN', 'NOSAVE')).catch(() => {});
      await waitUntil(10_000, async () => !(await isPortOpen(address.host, address.port))).catch(() => {});
    },
    answers: (url) => withRedis(url, async (client) => (await client.ping()) === 'PONG'),
    fatal: (error) => /NOAUTH|WRONGPASS|invalid password/i.test(error.message),
  },
};

const serverUrl = (name) => process.env[SERVERS[name].variable] || SERVERS[name].defaultUrl;
const databaseUrl = (url, name) => Object.assign(new URL(url), { pathname: `/${encodeURIComponent(name)}` }).href;

function redact(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.href;
}

async function ensureServer(name, { log, state, started }) {
  const server = SERVERS[name];
  const url = serverUrl(name);
  if (!URL.canParse(url)) throw new Error(`${server.variable} is not a valid URL`);
  if (!process.env[server.variable] && !(await isPortOpen(HOST, server.port))) {
    log(`${name}: nothing on ${HOST}:${server.port}, starting it`);
    const record = await server.start();
    if (!record) throw new Error(`${name}: nothing answers on ${HOST}:${server.port} and ${server.cannotStart}`);
    state[name] = record;
    started.push(name);
  }
  await waitUntil(60_000, () => server.answers(url), { what: `${name} at ${redact(url)}`, fatal: server.fatal });
  log(`${name}: ready at ${redact(url)}`);
  return url;
}

/**
 * Makes sure PostgreSQL, Redis and Kafka answer and creates `databases`.
 * @returns {Promise<{ databaseUrlFor: (name: string) => string, databaseUrls: Record<string, string>,
 *   redisUrl: string, kafkaBrokers: string[], started: string[] }>}
 */
export async function ensureInfra({ databases = [], log = console.log } = {}) {
  return withRecord(log, async (state) => {
    const context = { log, state, started: [] };
    const postgresUrl = await ensureServer('postgres', context);
    for (const name of databases) {
      if ((await pgQuery(postgresUrl, 'SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount > 0) continue;
      try {
        await pgQuery(postgresUrl, `CREATE DATABASE "${name.replaceAll('"', '""')}"`);
        log(`postgres: created database ${name}`);
      } catch (error) {
        if (error.code !== '42P04' && error.code !== '23505') throw error; // another process created it meanwhile
      }
    }
    const redisUrl = await ensureServer('redis', context);
    const kafkaBrokers = await ensureKafka(context);
    const databaseUrlFor = (name) => databaseUrl(postgresUrl, name);
    const databaseUrls = Object.fromEntries(databases.map((name) => [name, databaseUrlFor(name)]));
    return { databaseUrlFor, databaseUrls, redisUrl, kafkaBrokers, started: context.started };
  });
}

/** Stops only what this step started (per its record), then clears the record. */
export async function stopInfra({ log = console.log } = {}) {
  return withRecord(log, async (state) => {
    const stopped = [];
    if (state.kafka && (await stopBroker(state.kafka, log))) stopped.push('kafka');
    for (const name of ['redis', 'postgres'].filter((n) => state[n])) {
      log(`${name}: stopping the server this step started`);
      await SERVERS[name].stop(state[name]).catch((error) => log(`${name}: ${error.message}`));
      stopped.push(name);
    }
    if (stopped.length === 0) log('infra: nothing to stop (this step started nothing that is still recorded)');
    for (const name of Object.keys(state)) delete state[name];
    return { stopped };
  });
}

/** Stops the broker this step started (its data is kept); throws when there is none (KAFKA_BROKERS, a broker not ours). */
export async function stopKafka({ log = console.log } = {}) {
  return withRecord(log, async (state) => {
    const pid = await stopLocalBroker(log);
    delete state.kafka;
    return { pid };
  });
}

/** (Re)starts the local broker on its existing data and waits until it serves requests. */
export async function startKafka({ log = console.log } = {}) {
  return withRecord(log, async (state) => {
    const { pid, launched } = await localBroker(log, { foreign: 'refuse' });
    if (launched) state.kafka = pid;
    return { pid, brokers: [KAFKA_BROKER], started: launched ? ['kafka'] : [] };
  });
}

// The CLI: `up [database ...]` prints the URLs as JSON on stdout (logs go to stderr), `down`, `kafka-stop`, `kafka-start`.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, ...databases] = process.argv.slice(2);
  const log = (...args) => console.error(...args);
  const print = (value) => process.stdout.write(JSON.stringify(value, null, 2) + '\n');
  const commands = {
    up: async () => {
      const { databaseUrls, redisUrl, kafkaBrokers, started } = await ensureInfra({ databases, log });
      print({ databaseServerUrl: serverUrl('postgres'), databaseUrls, redisUrl, kafkaBrokers, started });
    },
    down: () => stopInfra({ log }),
    'kafka-stop': () => stopKafka({ log }),
    'kafka-start': async () => print(await startKafka({ log })),
  };
  if (!commands[command]) {
    console.error('usage: node deploy/local/infra.mjs up [database ...] | down | kafka-stop | kafka-start');
    process.exitCode = command ? 2 : 0;
  } else {
    commands[command]().catch((error) => {
      console.error(process.env.INFRA_DEBUG ? error.stack : `infra: ${error.message}`);
      process.exitCode = 1;
    });
  }
}
