#!/usr/bin/env node
// The local infrastructure step of `npm start`, `npm test`, `npm run bench` and `npm run test:faults`: makes sure
// PostgreSQL, Redis and a single-node Kafka (KRaft) broker answer, creates the requested databases and returns the
// URLs to use. Running it again reuses what runs; a lock file keeps concurrent callers from starting two brokers.
// DATABASE_URL, REDIS_URL and KAFKA_BROKERS name servers to use instead (then nothing is started for them).
// What this step started is recorded in .local/infra-started.json, and stopInfra() stops only that.
// LOCAL_KAFKA_NAME / LOCAL_KAFKA_PORT: a second local broker (own folder, ports and record) beside the usual one,
// e.g. the fault tests', which they stop and start without disturbing anything else. See README.md beside this file.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Redis from 'ioredis';
import kafkajs from 'kafkajs';
import pg from 'pg';
import { isAlive, withLock } from './lock.mjs';
import { findExecutable, isPortOpen, LOCAL, ROOT, run, waitUntil } from './util.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const HOST = '127.0.0.1';
const KAFKA_NAME = process.env.LOCAL_KAFKA_NAME || 'kafka';
const STATE_FILE = path.join(LOCAL, KAFKA_NAME === 'kafka' ? 'infra-started.json' : `infra-started-${KAFKA_NAME}.json`);
const KAFKA_LIBS = path.join(ROOT, '.cache/kafka/libs');
const KAFKA_DIR = path.join(LOCAL, KAFKA_NAME);
const KAFKA_DATA = path.join(KAFKA_DIR, 'data');
const KAFKA_CONFIG = path.join(KAFKA_DIR, 'server.properties');
const KAFKA_LOG = path.join(KAFKA_DIR, 'broker.log');
const KAFKA_PID = path.join(KAFKA_DIR, 'broker.pid');
const KAFKA_PORT = Number(process.env.LOCAL_KAFKA_PORT || 9092);
const KAFKA_BROKER = `${HOST}:${KAFKA_PORT}`;
const CONTROLLER = `${HOST}:${KAFKA_PORT + 1}`;
const JVM_OPTIONS =
  '-Xms256m -Xmx768m -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:InitiatingHeapOccupancyPercent=35 -XX:+ExplicitGCInvokesConcurrent -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true';
/** Runs `work` under the infra lock, so that concurrent callers never start two brokers. */
const locked = (log, work) => withLock(path.join(LOCAL, 'infra.lock'), work, { log: (message) => log(`infra: ${message}`) });

/** A short-lived client: one query on the server's `postgres` database. */
async function pgQuery(url, sql, params) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
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
    answers: (url) => pgQuery(adminUrl(url), 'SELECT 1').then(() => true),
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
const adminUrl = (url) => databaseUrl(url, 'postgres');

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
  return locked(log, async () => {
    const context = { log, state: readState(), started: [] };
    let postgresUrl, redisUrl, kafkaBrokers;
    try {
      postgresUrl = await ensureServer('postgres', context);
      await createDatabases(postgresUrl, databases, log);
      redisUrl = await ensureServer('redis', context);
      kafkaBrokers = await ensureKafka(context);
    } finally {
      writeState(context.state); // even when a later step fails, so that `down` still stops what was started
    }
    const databaseUrlFor = (name) => databaseUrl(postgresUrl, name);
    const databaseUrls = Object.fromEntries(databases.map((name) => [name, databaseUrlFor(name)]));
    return { databaseUrlFor, databaseUrls, redisUrl, kafkaBrokers, started: context.started };
  });
}

async function createDatabases(url, databases, log) {
  for (const name of databases) {
    if (typeof name !== 'string' || !name || name.length > 63 || name.includes('\0')) {
      throw new Error(`invalid database name: ${JSON.stringify(name)}`);
    }
    if ((await pgQuery(adminUrl(url), 'SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount > 0) continue;
    try {
      await pgQuery(adminUrl(url), `CREATE DATABASE "${name.replaceAll('"', '""')}"`);
      log(`postgres: created database ${name}`);
    } catch (error) {
      if (error.code !== '42P04' && error.code !== '23505') throw error; // another process created it meanwhile
    }
  }
}

/** Stops only what this step started (per its record), then clears the record. */
export async function stopInfra({ log = console.log } = {}) {
  return locked(log, async () => {
    const state = readState();
    const stopped = [];
    if (state.kafka && (await stopBroker(state.kafka, log))) stopped.push('kafka');
    for (const name of ['redis', 'postgres'].filter((n) => state[n])) {
      log(`${name}: stopping the server this step started`);
      await SERVERS[name].stop(state[name]).catch((error) => log(`${name}: ${error.message}`));
      stopped.push(name);
    }
    if (stopped.length === 0) log('infra: nothing to stop (this step started nothing that is still recorded)');
    fs.rmSync(STATE_FILE, { force: true });
    return { stopped };
  });
}

/** Stops the broker this step started (its data is kept); throws when there is none (KAFKA_BROKERS, a broker not ours). */
export async function stopKafka({ log = console.log } = {}) {
  return locked(log, async () => {
    const pid = localBrokerPid();
    if (!pid) throw new Error(`stopKafka: no locally started Kafka broker is running (see ${path.relative(ROOT, KAFKA_PID)})`);
    await stopBroker(pid, log);
    const state = readState();
    delete state.kafka;
    writeState(state);
    return { pid };
  });
}

/** (Re)starts the local broker on its existing data and waits until it serves requests. */
export async function startKafka({ log = console.log } = {}) {
  return locked(log, async () => {
    const started = [];
    const pid = localBrokerPid();
    if (pid) await waitForKafka([KAFKA_BROKER], { pid });
    else {
      if (await isPortOpen(HOST, KAFKA_PORT)) throw new Error(`startKafka: ${KAFKA_BROKER} is taken by a broker this step did not start`);
      const state = readState();
      state.kafka = await launchBroker(log);
      started.push('kafka');
      writeState(state);
    }
    return { pid: localBrokerPid(), brokers: [KAFKA_BROKER], started };
  });
}

// Kafka: KAFKA_BROKERS, or our broker, or whatever answers on the port, or a broker started here.
async function ensureKafka({ log, state, started }) {
  if (process.env.KAFKA_BROKERS) {
    const brokers = process.env.KAFKA_BROKERS.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (brokers.length === 0) throw new Error('KAFKA_BROKERS is set but lists no host:port');
    const anyOpen = async () => (await Promise.all(brokers.map((b) => isPortOpen(...splitHostPort(b))))).some(Boolean);
    if (!(await anyOpen())) log(`kafka: waiting up to 120 s for KAFKA_BROKERS=${brokers.join(',')} to accept connections`);
    await waitUntil(120_000, anyOpen, { what: `KAFKA_BROKERS=${brokers.join(',')}` });
    log(`kafka: using KAFKA_BROKERS=${brokers.join(',')}`);
    return brokers;
  }
  if (state.kafka && !isOurBroker(state.kafka)) delete state.kafka; // recorded, but no longer running
  const pid = localBrokerPid();
  if (pid) {
    await waitForKafka([KAFKA_BROKER], { pid }); // ours, possibly still starting
    state.kafka ??= pid;
    log(`kafka: reusing local broker at ${KAFKA_BROKER} (pid ${pid})`);
  } else if (await isPortOpen(HOST, KAFKA_PORT)) {
    await waitForKafka([KAFKA_BROKER]);
    log(`kafka: reusing broker already answering at ${KAFKA_BROKER} (not started by this step)`);
  } else {
    state.kafka = await launchBroker(log);
    started.push('kafka');
  }
  return [KAFKA_BROKER];
}

/** Fetches the jars, writes the config, formats the storage once, starts the broker detached and waits for it. */
async function launchBroker(log) {
  const t0 = Date.now();
  await ensureKafkaJars(log);
  const javaHome = process.env.JAVA_HOME && path.join(process.env.JAVA_HOME, 'bin/java');
  const java = javaHome && fs.existsSync(javaHome) ? javaHome : findExecutable('java');
  if (!java) throw new Error('kafka: Java 17+ (`java`) is required to run the local broker, and was not found');
  fs.mkdirSync(KAFKA_DIR, { recursive: true });
  const values = { broker: KAFKA_BROKER, controller: CONTROLLER, data: KAFKA_DATA };
  const template = fs.readFileSync(path.join(HERE, 'kafka/server.properties'), 'utf8');
  fs.writeFileSync(
    KAFKA_CONFIG,
    template.replace(/\$\{(\w+)\}/g, (_, key) => values[key]),
  );
  const javaArgs = [`-Dlog4j2.configurationFile=${path.join(HERE, 'kafka/log4j2.properties')}`, '-cp', path.join(KAFKA_LIBS, '*')];
  if (!fs.existsSync(path.join(KAFKA_DATA, 'meta.properties'))) {
    fs.rmSync(KAFKA_DATA, { recursive: true, force: true });
    // Kafka's Uuid: 16 random bytes, base64url without padding, not starting with '-'.
    const clusterId = 'A' + randomBytes(16).toString('base64url').slice(1);
    log(`kafka: formatting KRaft storage in ${path.relative(ROOT, KAFKA_DATA)} (cluster id ${clusterId})`);
    await run(java, [...javaArgs, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', KAFKA_CONFIG, '--standalone']);
  }
  if (await isPortOpen(...splitHostPort(CONTROLLER))) throw new Error(`kafka: controller port ${CONTROLLER} is already in use`);
  if (fs.existsSync(KAFKA_LOG) && fs.statSync(KAFKA_LOG).size > 0) fs.renameSync(KAFKA_LOG, `${KAFKA_LOG}.1`); // one for post-mortems
  const out = fs.openSync(KAFKA_LOG, 'a');
  const child = spawn(java, [...JVM_OPTIONS.split(' '), ...javaArgs, 'kafka.Kafka', KAFKA_CONFIG], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  let exited = null;
  child.once('exit', (code, signal) => (exited = `exit ${code ?? signal}`));
  child.once('error', (error) => (exited = error.message));
  child.unref();
  if (!child.pid) throw new Error(`kafka: could not start ${java}`);
  fs.writeFileSync(KAFKA_PID, `${child.pid}\n`);
  log(`kafka: started broker pid ${child.pid}, log ${path.relative(ROOT, KAFKA_LOG)}`);
  try {
    await waitForKafka([KAFKA_BROKER], { pid: child.pid, exited: () => exited });
  } catch (error) {
    await stopBroker(child.pid, () => {}).catch(() => {}); // never leave a half-started broker behind
    throw error;
  }
  await warmUp([KAFKA_BROKER]);
  log(`kafka: ready at ${KAFKA_BROKER} after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return child.pid;
}

const kafkaClient = (brokers, options) => new kafkajs.Kafka({ brokers, logLevel: kafkajs.logLevel.NOTHING, ...options });

/** Waits until a Kafka client can list the topics (not just connect), failing early when the broker process dies. */
async function waitForKafka(brokers, { pid, exited } = {}) {
  const listTopics = async () => {
    const died = exited?.() ?? (pid && !isAlive(pid) ? 'process gone' : null);
    if (died) throw Object.assign(new Error(`kafka: broker (pid ${pid}) died during startup (${died}).\n${logTail()}`), { fatal: true });
    const options = { clientId: 'infra-readiness', connectionTimeout: 2000, requestTimeout: 5000, retry: { retries: 0 } };
    const admin = kafkaClient(brokers, options).admin();
    try {
      await admin.connect();
      await admin.listTopics();
      return true;
    } finally {
      await admin.disconnect().catch(() => {});
    }
  };
  await waitUntil(120_000, listTopics, { what: `kafka: broker at ${brokers.join(',')}`, fatal: (e) => e.fatal, detail: logTail });
}

/**
 * Best effort, on a new broker: loads the group coordinator (__consumer_offsets) and the producer-id coordinator now,
 * so the first consumer group and idempotent producer of a run meet no "coordinator not available / loading" retries.
 */
async function warmUp(brokers) {
  const kafka = kafkaClient(brokers, { clientId: 'infra-warmup', retry: { retries: 8, initialRetryTime: 200, maxRetryTime: 2000 } });
  const admin = kafka.admin();
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  // An idempotent producer asks for its producer id on connect.
  await Promise.allSettled([admin.connect().then(() => admin.describeGroups(['infra-warmup'])), producer.connect()]);
  await Promise.allSettled([admin.disconnect(), producer.disconnect()]);
}

/** The jars of deploy/local/kafka/pom.xml in .cache/kafka/libs, fetched with Maven when the pom's hash changed. */
async function ensureKafkaJars(log) {
  const pom = path.join(HERE, 'kafka/pom.xml');
  const pomSha256 = createHash('sha256').update(fs.readFileSync(pom)).digest('hex');
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(KAFKA_LIBS, '.stamp.json'), 'utf8'));
    if (stamp.pomSha256 === pomSha256 && stamp.jars.length && stamp.jars.every((j) => fs.statSync(path.join(KAFKA_LIBS, j)).size > 0))
      return;
  } catch {
    /* missing or incomplete: fetch */
  }
  if (!findExecutable('mvn')) throw new Error('kafka: Maven (mvn) is required to fetch the Kafka jars, and was not found on PATH');
  const t0 = Date.now();
  log(`kafka: fetching broker jars with Maven into ${path.relative(ROOT, KAFKA_LIBS)} ...`);
  const tmp = `${KAFKA_LIBS}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  try {
    const args = ['-q', '-B', '-f', pom, 'dependency:copy-dependencies', `-DoutputDirectory=${tmp}`, '-DincludeScope=runtime'];
    await run('mvn', args, { timeoutMs: 15 * 60_000 });
    const jars = fs
      .readdirSync(tmp)
      .filter((f) => f.endsWith('.jar'))
      .sort();
    if (!jars.some((j) => /^kafka_2\.13-.*\.jar$/.test(j))) throw new Error('Maven finished but the kafka_2.13 jar is missing');
    fs.writeFileSync(path.join(tmp, '.stamp.json'), JSON.stringify({ pomSha256, jars }, null, 2) + '\n');
    fs.rmSync(KAFKA_LIBS, { recursive: true, force: true });
    fs.renameSync(tmp, KAFKA_LIBS);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  log(`kafka: jars ready (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

/** The pid in the broker's pid file when that process runs and is our broker, else null. */
function localBrokerPid() {
  const pid = Number.parseInt(fs.existsSync(KAFKA_PID) ? fs.readFileSync(KAFKA_PID, 'utf8') : '', 10);
  return isOurBroker(pid) ? pid : null;
}

function isOurBroker(pid) {
  if (!isAlive(pid)) return false;
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes('kafka.Kafka') && cmdline.includes(KAFKA_CONFIG);
  } catch {
    return process.platform !== 'linux'; // no /proc: trust the pid file
  }
}

/** SIGTERM, up to 20 s, then SIGKILL; waits until the port is free. Returns whether a broker of ours was stopped. */
async function stopBroker(pid, log) {
  const ours = isOurBroker(pid);
  if (ours) {
    log(`kafka: stopping broker pid ${pid}`);
    const gone = (ms) => waitUntil(ms, () => !isAlive(pid)).catch(() => false);
    const signal = (name) => {
      try {
        process.kill(pid, name);
      } catch {
        /* already gone */
      }
    };
    signal('SIGTERM');
    if (!(await gone(20_000))) {
      log(`kafka: broker pid ${pid} ignored SIGTERM for 20 s, sending SIGKILL`);
      signal('SIGKILL');
      await gone(5000);
    }
    await waitUntil(5000, async () => !(await isPortOpen(HOST, KAFKA_PORT))).catch(() => {}); // the port may linger a moment
  }
  if (fs.existsSync(KAFKA_PID) && Number.parseInt(fs.readFileSync(KAFKA_PID, 'utf8'), 10) === pid) fs.rmSync(KAFKA_PID, { force: true });
  return ours;
}

function logTail(lines = 40) {
  if (!fs.existsSync(KAFKA_LOG)) return `(no ${KAFKA_LOG})`;
  const text = fs.readFileSync(KAFKA_LOG, 'utf8').trimEnd().split('\n').slice(-lines);
  return `--- last ${text.length} lines of ${KAFKA_LOG} ---\n${text.join('\n')}`;
}

function readState() {
  try {
    return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) ?? {};
  } catch {
    return {};
  }
}

function writeState(state) {
  if (Object.keys(state).length === 0) return fs.rmSync(STATE_FILE, { force: true });
  fs.mkdirSync(LOCAL, { recursive: true });
  fs.writeFileSync(`${STATE_FILE}.${process.pid}.tmp`, JSON.stringify(state, null, 2) + '\n');
  fs.renameSync(`${STATE_FILE}.${process.pid}.tmp`, STATE_FILE);
}

function splitHostPort(hostPort) {
  const i = hostPort.lastIndexOf(':');
  return i <= 0 ? [hostPort, 9092] : [hostPort.slice(0, i).replace(/^\[|\]$/g, ''), Number(hostPort.slice(i + 1))];
}

function redact(url) {
  if (!URL.canParse(url)) return '<unparseable url>';
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.href;
}

// The CLI: `up [database ...]` prints the URLs as JSON on stdout (logs go to stderr), `down`, `kafka-stop`, `kafka-start`.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, ...databases] = process.argv.slice(2);
  const log = (...args) => console.error(...args);
  // kafkajs 2 arms a negative setTimeout, which Node reports as a TimeoutNegativeWarning: harmless, kept out of the output.
  const emitWarning = process.emitWarning;
  process.emitWarning = (warning, ...rest) =>
    (rest[0]?.type ?? rest[0]) === 'TimeoutNegativeWarning' ? undefined : emitWarning.call(process, warning, ...rest);
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
