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
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import Redis from 'ioredis';
import kafkajs from 'kafkajs';
import pg from 'pg';
import { isAlive, withLock } from './lock.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const LOCAL = path.join(ROOT, '.local');
const KAFKA_NAME = process.env.LOCAL_KAFKA_NAME || 'kafka';
const STATE_FILE = path.join(LOCAL, KAFKA_NAME === 'kafka' ? 'infra-started.json' : `infra-started-${KAFKA_NAME}.json`);
const LOCK_FILE = path.join(LOCAL, 'infra.lock');

const KAFKA_POM = path.join(HERE, 'kafka/pom.xml');
const KAFKA_LIBS = path.join(ROOT, '.cache/kafka/libs');
const KAFKA_DIR = path.join(LOCAL, KAFKA_NAME);
const KAFKA_DATA = path.join(KAFKA_DIR, 'data');
const KAFKA_CONFIG = path.join(KAFKA_DIR, 'server.properties');
const KAFKA_LOG4J = path.join(KAFKA_DIR, 'log4j2.properties');
const KAFKA_LOG = path.join(KAFKA_DIR, 'broker.log');
const KAFKA_PID = path.join(KAFKA_DIR, 'broker.pid');
const HOST = '127.0.0.1';
const KAFKA_PORT = Number(process.env.LOCAL_KAFKA_PORT || 9092);
const KAFKA_BROKER = `${HOST}:${KAFKA_PORT}`;
const CONTROLLER = `${HOST}:${KAFKA_PORT + 1}`;
const JVM_OPTIONS =
  '-Xms256m -Xmx768m -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:InitiatingHeapOccupancyPercent=35 -XX:+ExplicitGCInvokesConcurrent -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true';
const PG_DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/';
const REDIS_DEFAULT_URL = 'redis://127.0.0.1:6379';
const REDIS_DIR = path.join(LOCAL, 'redis');
/** Runs `work` under the infra lock, so that concurrent callers never start two brokers. */
const locked = (log, work) => withLock(LOCK_FILE, work, { log: (message) => log(`infra: ${message}`) });

/**
 * Makes sure PostgreSQL, Redis and Kafka answer and creates `databases`.
 * @returns {Promise<{ databaseUrlFor: (name: string) => string, databaseUrls: Record<string, string>,
 *   redisUrl: string, kafkaBrokers: string[], started: string[] }>}
 */
export async function ensureInfra({ databases = [], log = console.log } = {}) {
  return locked(log, async () => {
    const started = [];
    const state = readState();
    let databaseUrlFor, redisUrl, kafkaBrokers;
    try {
      databaseUrlFor = await ensurePostgres(databases, { log, state, started });
      redisUrl = await ensureRedis({ log, state, started });
      kafkaBrokers = await ensureKafka({ log, state, started });
    } finally {
      writeState(state); // even when a later step fails, so that `down` still stops what was started
    }
    const databaseUrls = Object.fromEntries(databases.map((name) => [name, databaseUrlFor(name)]));
    return { databaseUrlFor, databaseUrls, redisUrl, kafkaBrokers, started };
  });
}

/** Stops only what this step started (per its record), then clears the record. */
export async function stopInfra({ log = console.log } = {}) {
  return locked(log, async () => {
    const state = readState();
    const stopped = [];
    if (state.kafka && (await stopBroker(state.kafka, log))) stopped.push('kafka');
    if (state.redis) {
      log(`redis: shutting down ${state.redis.host}:${state.redis.port}`);
      const client = new Redis({ ...state.redis, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      client.on('error', () => {});
      await client.connect().then(
        () => client.call('SHUTDOWN', 'NOSAVE'),
        () => {},
      );
      client.disconnect();
      await waitUntil(10_000, async () => !(await isPortOpen(state.redis.host, state.redis.port))).catch(() => {});
      stopped.push('redis');
    }
    if (state.postgres) {
      const { version, name } = state.postgres;
      log(`postgres: stopping cluster ${version}/${name}`);
      await run('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, 'stop']).catch((e) => log(`postgres: ${e.message}`));
      stopped.push('postgres');
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

// PostgreSQL: DATABASE_URL, or the local server, started with pg_ctlcluster when nothing answers.
async function ensurePostgres(databases, { log, state, started }) {
  const serverUrl = process.env.DATABASE_URL || PG_DEFAULT_URL;
  if (!URL.canParse(serverUrl)) throw new Error('DATABASE_URL is not a valid URL');
  const databaseUrlFor = (name) => Object.assign(new URL(serverUrl), { pathname: `/${encodeURIComponent(name)}` }).href;
  const adminUrl = databaseUrlFor('postgres');
  if (!process.env.DATABASE_URL && !(await isPortOpen(HOST, 5432))) {
    const cluster = localPgCluster();
    if (!cluster || !findExecutable('pg_ctlcluster')) {
      throw new Error(
        `PostgreSQL: nothing answers on ${HOST}:5432 and pg_ctlcluster cannot start it; start PostgreSQL or set DATABASE_URL`,
      );
    }
    log(`postgres: nothing on ${HOST}:5432, starting cluster ${cluster.version}/${cluster.name}`);
    await run('pg_ctlcluster', ['--skip-systemctl-redirect', cluster.version, cluster.name, 'start']);
    state.postgres = cluster;
    started.push('postgres');
  }
  const query = async (sql, params) => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
    client.on('error', () => {});
    try {
      await client.connect();
      return await client.query(sql, params);
    } finally {
      await client.end().catch(() => {});
    }
  };
  await waitUntil(60_000, () => query('SELECT 1').then(() => true), {
    what: `PostgreSQL at ${redact(adminUrl)}`,
    // Wrong credentials, a missing role or database will not fix themselves.
    fatal: (error) => ['28P01', '28000', '3D000'].includes(error.code),
  });
  log(`postgres: ready at ${redact(serverUrl)}`);
  for (const name of databases) {
    if (typeof name !== 'string' || !name || name.length > 63 || name.includes('\0')) {
      throw new Error(`invalid database name: ${JSON.stringify(name)}`);
    }
    if ((await query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount > 0) continue;
    try {
      await query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
      log(`postgres: created database ${name}`);
    } catch (error) {
      if (error.code !== '42P04' && error.code !== '23505') throw error; // another process created it meanwhile
    }
  }
  return databaseUrlFor;
}

/** The newest Debian cluster named main (/etc/postgresql/<version>/main), or null. */
function localPgCluster() {
  const dir = '/etc/postgresql';
  const versions = fs.existsSync(dir) ? fs.readdirSync(dir).filter((v) => fs.existsSync(path.join(dir, v, 'main'))) : [];
  versions.sort((a, b) => Number(a) - Number(b));
  return versions.length ? { version: versions.at(-1), name: 'main' } : null;
}

// Redis: REDIS_URL, or the local server, started with redis-server (no persistence, files in .local/redis).
async function ensureRedis({ log, state, started }) {
  const url = process.env.REDIS_URL || REDIS_DEFAULT_URL;
  if (!process.env.REDIS_URL && !(await isPortOpen(HOST, 6379))) {
    if (!findExecutable('redis-server')) {
      throw new Error(`Redis: nothing answers on ${HOST}:6379 and redis-server is not installed; start Redis or set REDIS_URL`);
    }
    log(`redis: nothing on ${HOST}:6379, starting redis-server`);
    fs.mkdirSync(REDIS_DIR, { recursive: true });
    const options = { daemonize: 'yes', bind: '127.0.0.1 -::1', port: '6379', save: '', appendonly: 'no', dir: REDIS_DIR };
    const args = Object.entries(options).flatMap(([key, value]) => [`--${key}`, ...value.split(' ')]);
    await run('redis-server', [...args, '--logfile', path.join(REDIS_DIR, 'redis.log')]);
    state.redis = { host: HOST, port: 6379 };
    started.push('redis');
  }
  const ping = async () => {
    const client = new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {});
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } finally {
      client.disconnect();
    }
  };
  await waitUntil(60_000, ping, { what: `Redis at ${redact(url)}`, fatal: (e) => /NOAUTH|WRONGPASS|invalid password/i.test(e.message) });
  log(`redis: ready at ${redact(url)}`);
  return url;
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
  writeKafkaConfig();
  const javaArgs = [`-Dlog4j2.configurationFile=${KAFKA_LOG4J}`, '-cp', path.join(KAFKA_LIBS, '*')];
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
    const admin = kafkaClient(brokers, {
      clientId: 'infra-readiness',
      connectionTimeout: 2000,
      requestTimeout: 5000,
      retry: { retries: 0 },
    }).admin();
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
  const pomSha256 = createHash('sha256').update(fs.readFileSync(KAFKA_POM)).digest('hex');
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
    const args = ['-q', '-B', '-f', KAFKA_POM, 'dependency:copy-dependencies', `-DoutputDirectory=${tmp}`, '-DincludeScope=runtime'];
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

function writeKafkaConfig() {
  // Kafka's defaults apart from these (topics are created on first use, as in the other environments).
  const properties = {
    'process.roles': 'broker,controller',
    'node.id': 1,
    'controller.quorum.bootstrap.servers': CONTROLLER,
    listeners: `PLAINTEXT://${KAFKA_BROKER},CONTROLLER://${CONTROLLER}`,
    'advertised.listeners': `PLAINTEXT://${KAFKA_BROKER}`,
    'controller.listener.names': 'CONTROLLER',
    'listener.security.protocol.map': 'PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    'log.dirs': KAFKA_DATA,
    'num.partitions': 3,
    'offsets.topic.replication.factor': 1,
    'offsets.topic.num.partitions': 10,
    'transaction.state.log.replication.factor': 1,
    'transaction.state.log.min.isr': 1,
    'transaction.state.log.num.partitions': 10,
    'share.coordinator.state.topic.replication.factor': 1,
    'share.coordinator.state.topic.min.isr': 1,
    'group.initial.rebalance.delay.ms': 0,
    'num.network.threads': 2,
    'num.io.threads': 4,
    'num.recovery.threads.per.data.dir': 1,
    'log.retention.hours': 72,
    'log.segment.bytes': 128 * 1024 * 1024,
  };
  const header = '# Generated by deploy/local/infra.mjs on every broker start; edit that file instead.';
  fs.writeFileSync(KAFKA_CONFIG, [header, ...Object.entries(properties).map(([k, v]) => `${k}=${v}`), ''].join('\n'));
  // Per-partition and per-topic chatter and the config dumps at WARN: keeps broker.log small over long test runs.
  const quiet = `kafka.request.logger state.change.logger kafka.authorizer.logger kafka.log.LogManager kafka.cluster.Partition
    kafka.server.ReplicaFetcherManager kafka.server.ReplicaAlterLogDirsManager org.apache.kafka.common.config.AbstractConfig
    org.apache.kafka.storage.internals.log org.apache.kafka.coordinator.common.runtime.CoordinatorRuntime
    org.apache.kafka.controller.ReplicationControlManager org.apache.kafka.controller.PartitionChangeBuilder`.split(/\s+/);
  const log4j = [
    'status = warn',
    'appender.stdout.type = Console',
    'appender.stdout.name = STDOUT',
    'appender.stdout.layout.type = PatternLayout',
    'appender.stdout.layout.pattern = [%d] %p %m (%c)%n',
    'rootLogger.level = INFO',
    'rootLogger.appenderRef.stdout.ref = STDOUT',
    ...quiet.flatMap((name, i) => [`logger.quiet${i}.name = ${name}`, `logger.quiet${i}.level = WARN`]),
  ];
  fs.writeFileSync(KAFKA_LOG4J, log4j.join('\n') + '\n');
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
    const signal = (name) => {
      try {
        process.kill(pid, name);
      } catch {
        /* already gone */
      }
    };
    signal('SIGTERM');
    if (!(await waitUntil(20_000, () => !isAlive(pid)).catch(() => false))) {
      log(`kafka: broker pid ${pid} ignored SIGTERM for 20 s, sending SIGKILL`);
      signal('SIGKILL');
      await waitUntil(5000, () => !isAlive(pid)).catch(() => {});
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

// Helpers.

/**
 * Polls `check` until it returns true; throws after `timeoutMs` naming `what` and the last error, at once on an
 * error `fatal` accepts. Answers true.
 */
async function waitUntil(timeoutMs, check, { what = 'the condition', fatal = () => false, detail = () => '' } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  for (;;) {
    try {
      if (await check()) return true;
    } catch (error) {
      if (fatal(error)) throw error.fatal ? error : new Error(`${what} refused the connection: ${error.message}`);
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const last = lastError ? ` (last error: ${lastError.message})` : '';
      throw new Error(`${what} did not answer within ${timeoutMs / 1000} s${last}.\n${detail()}`.trim());
    }
    await sleep(300);
  }
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

function isPortOpen(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: timeoutMs });
    const finish = (open) => {
      socket.destroy();
      resolve(open);
    };
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
    socket.once('timeout', () => finish(false));
  });
}

export function findExecutable(name) {
  for (const dir of (process.env.PATH || '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      /* next */
    }
  }
  return null;
}

/** Runs a command to its exit; resolves on 'exit', not 'close', since daemons (redis-server, pg_ctl) keep the pipes open. */
function run(command, args, { timeoutMs = 120_000 } = {}) {
  return new Promise((resolve, reject) => {
    let out = '';
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (chunk) => (out = (out + chunk).slice(-64 * 1024));
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${path.basename(command)}: ${error.message}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      setImmediate(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        if (code === 0) return resolve(out);
        const tail = out.trim().split('\n').slice(-30).join('\n');
        reject(new Error(`${path.basename(command)} ${args.join(' ')} failed (${signal ?? `exit ${code}`})\n${tail}`));
      });
    });
  });
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
      print({ databaseServerUrl: process.env.DATABASE_URL || PG_DEFAULT_URL, databaseUrls, redisUrl, kafkaBrokers, started });
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
