#!/usr/bin/env node
// Local infrastructure step shared by `npm start` and `npm test`.
//
// ensureInfra() makes sure PostgreSQL, Redis and a single-node Kafka (KRaft) broker
// answer, creates the requested databases, and returns the URLs to use. It is
// idempotent (running it twice reuses everything) and serialised between processes
// with a lock file, so concurrent callers never start two brokers.
//
// Environment:
//   DATABASE_URL   use this PostgreSQL server (the path is replaced per database)
//   REDIS_URL      use this Redis
//   KAFKA_BROKERS  comma-separated host:port list; use these brokers, start nothing
//
// What this step started is recorded in .local/infra-started.json; stopInfra() stops
// only that. The Kafka jars are fetched with Maven (deploy/local/kafka/pom.xml) into
// .cache/kafka/libs; the broker's config, data and log live in .local/kafka/.
//
// CLI:
//   node deploy/local/infra.mjs up [db ...]   ensure everything, print URLs as JSON
//   node deploy/local/infra.mjs down          stop what this step started
//   node deploy/local/infra.mjs kafka-stop | kafka-start   (fault testing)
//
// Plain ESM; only Node built-ins plus `pg`, `ioredis` and (optionally) `kafkajs`.

import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');

const LOCAL_DIR = path.join(ROOT, '.local');
// LOCAL_KAFKA_NAME / LOCAL_KAFKA_PORT: a second local broker (own folder, ports and record) beside the
// usual one, e.g. the fault tests' broker, which they stop and start without disturbing anything else.
const KAFKA_NAME = process.env.LOCAL_KAFKA_NAME || 'kafka';
const STATE_FILE = path.join(LOCAL_DIR, KAFKA_NAME === 'kafka' ? 'infra-started.json' : `infra-started-${KAFKA_NAME}.json`);
const LOCK_FILE = path.join(LOCAL_DIR, 'infra.lock');

const KAFKA_POM = path.join(HERE, 'kafka', 'pom.xml');
const KAFKA_CACHE_DIR = path.join(ROOT, '.cache', 'kafka');
const KAFKA_LIBS = path.join(KAFKA_CACHE_DIR, 'libs');
const KAFKA_STAMP = path.join(KAFKA_LIBS, '.stamp.json');
const KAFKA_DIR = path.join(LOCAL_DIR, KAFKA_NAME);
const KAFKA_DATA = path.join(KAFKA_DIR, 'data');
const KAFKA_CONFIG = path.join(KAFKA_DIR, 'server.properties');
const KAFKA_LOG4J = path.join(KAFKA_DIR, 'log4j2.properties');
const KAFKA_LOG = path.join(KAFKA_DIR, 'broker.log');
const KAFKA_PID = path.join(KAFKA_DIR, 'broker.pid');

const KAFKA_HOST = '127.0.0.1';
const KAFKA_PORT = Number(process.env.LOCAL_KAFKA_PORT || 9092);
const KAFKA_CONTROLLER_PORT = KAFKA_PORT + 1;
const KAFKA_JVM_OPTS = [
  '-Xms256m',
  '-Xmx768m',
  '-XX:+UseG1GC',
  '-XX:MaxGCPauseMillis=20',
  '-XX:InitiatingHeapOccupancyPercent=35',
  '-XX:+ExplicitGCInvokesConcurrent',
  '-XX:+ExitOnOutOfMemoryError',
  '-Djava.awt.headless=true',
];

const PG_DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/';
const PG_HOST = '127.0.0.1';
const PG_PORT = 5432;
const REDIS_DEFAULT_URL = 'redis://127.0.0.1:6379';
const REDIS_HOST = '127.0.0.1';
const REDIS_PORT = 6379;
const REDIS_START_ARGS = [
  '--daemonize',
  'yes',
  '--bind',
  '127.0.0.1',
  '-::1',
  '--port',
  String(REDIS_PORT),
  '--save',
  '',
  '--appendonly',
  'no',
  '--dir',
  '/var/lib/redis',
  '--logfile',
  '/var/log/redis/ci.log',
];

const PG_TIMEOUT_MS = 60_000;
const REDIS_TIMEOUT_MS = 60_000;
const KAFKA_TIMEOUT_MS = 120_000;
const KAFKA_STOP_TIMEOUT_MS = 20_000;
const LOCK_TIMEOUT_MS = 10 * 60_000;
const LOCK_STALE_MS = 15 * 60_000;

// ---------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------

/**
 * Make sure PostgreSQL, Redis and Kafka answer; create `databases`.
 * @param {{ databases?: string[], log?: (...args: unknown[]) => void }} [options]
 * @returns {Promise<{ databaseUrlFor: (name: string) => string, databaseUrls: Record<string,string>,
 *   redisUrl: string, kafkaBrokers: string[], started: string[] }>}
 */
export async function ensureInfra({ databases = [], log = console.log } = {}) {
  return withLock(log, async () => {
    const started = [];
    const state = readState();
    let pg, redisUrl, kafkaBrokers;
    try {
      pg = await ensurePostgres({ log, state, started });
      for (const name of databases) await ensureDatabase(pg, name, log);
      redisUrl = await ensureRedis({ log, state, started });
      kafkaBrokers = await ensureKafka({ log, state, started });
    } finally {
      // Record what we started even when a later step fails, so `down` can still stop it.
      writeState(state);
    }
    const databaseUrls = Object.fromEntries(databases.map((name) => [name, pg.databaseUrlFor(name)]));
    return { databaseUrlFor: pg.databaseUrlFor, databaseUrls, redisUrl, kafkaBrokers, started };
  });
}

/** Stop only what this step started (per .local/infra-started.json), then clear the record. */
export async function stopInfra({ log = console.log } = {}) {
  return withLock(log, async () => {
    const state = readState();
    const stopped = [];
    if (state.kafka) {
      if (await stopKafkaProcess(state.kafka, log)) stopped.push('kafka');
      delete state.kafka;
    }
    if (state.redis) {
      await stopRedis(state.redis, log);
      stopped.push('redis');
      delete state.redis;
    }
    if (state.postgres) {
      await stopPostgres(state.postgres, log);
      stopped.push('postgres');
      delete state.postgres;
    }
    if (stopped.length === 0) log('infra: nothing to stop (this step started nothing that is still recorded)');
    fs.rmSync(STATE_FILE, { force: true });
    return { stopped };
  });
}

/**
 * Stop the broker this step started locally (data dir is kept). Throws if there is
 * no such broker (e.g. KAFKA_BROKERS points elsewhere or an outside broker was reused).
 */
export async function stopKafka({ log = console.log } = {}) {
  return withLock(log, async () => {
    const pid = localBrokerPid();
    if (!pid) throw new Error('stopKafka: no locally started Kafka broker is running (see .local/kafka/broker.pid)');
    await stopKafkaProcess(pid, log);
    const state = readState();
    delete state.kafka;
    writeState(state);
    return { pid };
  });
}

/** (Re)start the local broker on its existing data dir and wait until it serves requests. */
export async function startKafka({ log = console.log } = {}) {
  return withLock(log, async () => {
    const state = readState();
    const started = [];
    const pid = localBrokerPid();
    if (pid) {
      await waitForKafkaReady([`${KAFKA_HOST}:${KAFKA_PORT}`], KAFKA_TIMEOUT_MS, { pid });
    } else {
      if (await isPortOpen(KAFKA_HOST, KAFKA_PORT)) {
        throw new Error(`startKafka: ${KAFKA_HOST}:${KAFKA_PORT} is already taken by a broker this step did not start`);
      }
      state.kafka = await launchLocalBroker(log);
      started.push('kafka');
      writeState(state);
    }
    return { pid: localBrokerPid(), brokers: [`${KAFKA_HOST}:${KAFKA_PORT}`], started };
  });
}

// ---------------------------------------------------------------------------
// PostgreSQL
// ---------------------------------------------------------------------------

async function ensurePostgres({ log, state, started }) {
  const fromEnv = Boolean(process.env.DATABASE_URL);
  const serverUrl = process.env.DATABASE_URL || PG_DEFAULT_URL;
  let parsed;
  try {
    parsed = new URL(serverUrl);
  } catch {
    throw new Error(`DATABASE_URL is not a valid URL: ${redact(serverUrl)}`);
  }
  const databaseUrlFor = (name) => {
    const u = new URL(parsed.href);
    u.pathname = '/' + encodeURIComponent(name);
    return u.href;
  };
  const adminUrl = databaseUrlFor('postgres');

  if (!fromEnv && !(await isPortOpen(PG_HOST, PG_PORT))) {
    const cluster = localPgCluster();
    if (!findExecutable('pg_ctlcluster') || !cluster) {
      throw new Error(
        `PostgreSQL: nothing answers on ${PG_HOST}:${PG_PORT} and pg_ctlcluster is not available to start it; ` +
          'start PostgreSQL or set DATABASE_URL',
      );
    }
    log(`postgres: nothing on ${PG_HOST}:${PG_PORT}, starting cluster ${cluster.version}/${cluster.name}`);
    await run('pg_ctlcluster', ['--skip-systemctl-redirect', cluster.version, cluster.name, 'start']);
    state.postgres = cluster;
    started.push('postgres');
  }

  const { default: pgModule } = await import('pg');
  const Client = pgModule.Client;
  const deadline = Date.now() + PG_TIMEOUT_MS;
  let lastError;
  for (;;) {
    const client = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('SELECT 1');
      break;
    } catch (err) {
      lastError = err;
      // Wrong credentials / missing role will not fix themselves.
      if (['28P01', '28000', '3D000'].includes(err.code)) {
        throw new Error(`PostgreSQL at ${redact(adminUrl)} refused the connection: ${err.message}`);
      }
    } finally {
      await client.end().catch(() => {});
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `PostgreSQL at ${redact(adminUrl)} did not answer within ${PG_TIMEOUT_MS / 1000} s: ${lastError?.message ?? lastError}`,
      );
    }
    await sleep(500);
  }
  log(`postgres: ready at ${redact(serverUrl)}`);
  return { Client, adminUrl, databaseUrlFor };
}

async function ensureDatabase(pg, name, log) {
  if (typeof name !== 'string' || name.length === 0 || name.length > 63 || name.includes('\0')) {
    throw new Error(`invalid database name: ${JSON.stringify(name)}`);
  }
  const client = new pg.Client({ connectionString: pg.adminUrl, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount > 0) return;
    try {
      await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
      log(`postgres: created database ${name}`);
    } catch (err) {
      // Another process created it between our SELECT and CREATE.
      if (err.code !== '42P04' && err.code !== '23505') throw err;
    }
  } finally {
    await client.end().catch(() => {});
  }
}

async function stopPostgres(cluster, log) {
  if (!findExecutable('pg_ctlcluster')) {
    log('postgres: pg_ctlcluster not found, cannot stop the cluster this step started');
    return;
  }
  const { version, name } = typeof cluster === 'object' ? cluster : (localPgCluster() ?? {});
  if (!version) return;
  log(`postgres: stopping cluster ${version}/${name}`);
  await run('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, 'stop']).catch((err) =>
    log(`postgres: stop failed: ${err.message}`),
  );
}

function localPgCluster() {
  let versions = [];
  try {
    versions = fs
      .readdirSync('/etc/postgresql')
      .filter((v) => fs.existsSync(path.join('/etc/postgresql', v, 'main')))
      .sort((a, b) => Number(a) - Number(b));
  } catch {
    return null;
  }
  return versions.length ? { version: versions[versions.length - 1], name: 'main' } : null;
}

// ---------------------------------------------------------------------------
// Redis
// ---------------------------------------------------------------------------

async function ensureRedis({ log, state, started }) {
  const fromEnv = Boolean(process.env.REDIS_URL);
  const url = process.env.REDIS_URL || REDIS_DEFAULT_URL;

  if (!fromEnv && !(await isPortOpen(REDIS_HOST, REDIS_PORT))) {
    if (!findExecutable('redis-server')) {
      throw new Error(
        `Redis: nothing answers on ${REDIS_HOST}:${REDIS_PORT} and redis-server is not installed; start Redis or set REDIS_URL`,
      );
    }
    log(`redis: nothing on ${REDIS_HOST}:${REDIS_PORT}, starting redis-server`);
    for (const dir of ['/var/lib/redis', '/var/log/redis']) fs.mkdirSync(dir, { recursive: true });
    await run('redis-server', REDIS_START_ARGS);
    state.redis = { host: REDIS_HOST, port: REDIS_PORT };
    started.push('redis');
  }

  const { default: Redis } = await import('ioredis');
  const deadline = Date.now() + REDIS_TIMEOUT_MS;
  let lastError;
  for (;;) {
    const client = new Redis(url, {
      lazyConnect: true,
      connectTimeout: 2000,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      const pong = await client.ping();
      if (pong === 'PONG') break;
      lastError = new Error(`unexpected PING reply ${pong}`);
    } catch (err) {
      lastError = err;
      if (/NOAUTH|WRONGPASS|invalid password/i.test(String(err?.message))) {
        throw new Error(`Redis at ${redact(url)} refused the connection: ${err.message}`);
      }
    } finally {
      client.disconnect();
    }
    if (Date.now() >= deadline) {
      throw new Error(`Redis at ${redact(url)} did not answer PING within ${REDIS_TIMEOUT_MS / 1000} s: ${lastError?.message}`);
    }
    await sleep(300);
  }
  log(`redis: ready at ${redact(url)}`);
  return url;
}

async function stopRedis(info, log) {
  const host = info?.host ?? REDIS_HOST;
  const port = info?.port ?? REDIS_PORT;
  log(`redis: shutting down ${host}:${port}`);
  if (findExecutable('redis-cli')) {
    await run('redis-cli', ['-h', host, '-p', String(port), 'shutdown', 'nosave']).catch(() => {});
  } else {
    const { default: Redis } = await import('ioredis');
    const client = new Redis({ host, port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {});
    await client
      .connect()
      .then(() => client.call('SHUTDOWN', 'NOSAVE'))
      .catch(() => {});
    client.disconnect();
  }
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && (await isPortOpen(host, port))) await sleep(200);
}

// ---------------------------------------------------------------------------
// Kafka
// ---------------------------------------------------------------------------

async function ensureKafka({ log, state, started }) {
  if (process.env.KAFKA_BROKERS) {
    const brokers = parseBrokers(process.env.KAFKA_BROKERS);
    if (brokers.length === 0) throw new Error('KAFKA_BROKERS is set but lists no host:port');
    if (!(await waitForAnyPort(brokers, 1000).catch(() => null))) {
      log(`kafka: waiting up to ${KAFKA_TIMEOUT_MS / 1000} s for KAFKA_BROKERS=${brokers.join(',')} to accept connections`);
      await waitForAnyPort(brokers, KAFKA_TIMEOUT_MS);
    }
    log(`kafka: using KAFKA_BROKERS=${brokers.join(',')}`);
    return brokers;
  }

  const brokers = [`${KAFKA_HOST}:${KAFKA_PORT}`];
  // Forget a recorded broker that is no longer running.
  if (state.kafka && !isOurBroker(state.kafka)) delete state.kafka;

  const ourPid = localBrokerPid();
  if (ourPid) {
    // Ours, possibly still starting (e.g. a previous caller was interrupted while waiting).
    await waitForKafkaReady(brokers, KAFKA_TIMEOUT_MS, { pid: ourPid });
    if (!state.kafka) state.kafka = ourPid;
    log(`kafka: reusing local broker at ${brokers[0]} (pid ${ourPid})`);
    return brokers;
  }
  if (await isPortOpen(KAFKA_HOST, KAFKA_PORT)) {
    await waitForKafkaReady(brokers, KAFKA_TIMEOUT_MS, {});
    log(`kafka: reusing broker already answering at ${brokers[0]} (not started by this step)`);
    return brokers;
  }

  state.kafka = await launchLocalBroker(log);
  started.push('kafka');
  return brokers;
}

/** Fetch jars, write config, format once, start detached, wait until ready. Returns the pid. */
async function launchLocalBroker(log) {
  const t0 = Date.now();
  await ensureKafkaLibs(log);
  const java = javaExecutable();
  fs.mkdirSync(KAFKA_DIR, { recursive: true });
  writeKafkaConfig();

  const classpath = path.join(KAFKA_LIBS, '*');
  const log4j = `-Dlog4j2.configurationFile=${KAFKA_LOG4J}`;

  if (!fs.existsSync(path.join(KAFKA_DATA, 'meta.properties'))) {
    fs.rmSync(KAFKA_DATA, { recursive: true, force: true });
    const clusterId = newClusterId();
    log(`kafka: formatting KRaft storage in ${path.relative(ROOT, KAFKA_DATA)} (cluster id ${clusterId})`);
    await run(java, [log4j, '-cp', classpath, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', KAFKA_CONFIG, '--standalone'], {
      cwd: ROOT,
    });
  }

  if (await isPortOpen(KAFKA_HOST, KAFKA_CONTROLLER_PORT)) {
    throw new Error(`kafka: controller port ${KAFKA_HOST}:${KAFKA_CONTROLLER_PORT} is already in use by another process`);
  }

  // Keep one previous log around for post-mortems.
  if (fs.existsSync(KAFKA_LOG) && fs.statSync(KAFKA_LOG).size > 0) fs.renameSync(KAFKA_LOG, `${KAFKA_LOG}.1`);
  const out = fs.openSync(KAFKA_LOG, 'a');
  let child;
  try {
    child = spawn(java, [...KAFKA_JVM_OPTS, log4j, '-cp', classpath, 'kafka.Kafka', KAFKA_CONFIG], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', out, out],
    });
  } finally {
    fs.closeSync(out);
  }
  const pid = child.pid;
  let exited = null;
  child.once('exit', (code, signal) => (exited = { code, signal }));
  child.once('error', (err) => (exited = { error: err }));
  child.unref();
  if (!pid) throw new Error(`kafka: could not start ${java}`);
  fs.writeFileSync(KAFKA_PID, `${pid}\n`);
  log(`kafka: started broker pid ${pid}, log ${path.relative(ROOT, KAFKA_LOG)}`);

  try {
    await waitForKafkaReady([`${KAFKA_HOST}:${KAFKA_PORT}`], KAFKA_TIMEOUT_MS, { pid, exited: () => exited });
  } catch (err) {
    // Do not leave a half-started broker behind.
    await stopKafkaProcess(pid, () => {}).catch(() => {});
    fs.rmSync(KAFKA_PID, { force: true });
    throw err;
  }
  await warmUpGroupCoordinator([`${KAFKA_HOST}:${KAFKA_PORT}`]);
  await warmUpProducerIds(KAFKA_HOST, KAFKA_PORT);
  log(`kafka: ready at ${KAFKA_HOST}:${KAFKA_PORT} after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return pid;
}

/**
 * Best effort: make the broker create and load __consumer_offsets now, so the first
 * consumer group of a test run does not hit "coordinator not available" retries.
 */
async function warmUpGroupCoordinator(brokers) {
  let kafkajs;
  try {
    kafkajs = await import('kafkajs');
  } catch {
    return;
  }
  const { Kafka, logLevel } = kafkajs.default ?? kafkajs;
  const kafka = new Kafka({
    clientId: 'infra-warmup',
    brokers,
    logLevel: logLevel.NOTHING,
    retry: { retries: 8, initialRetryTime: 200, maxRetryTime: 2000 },
  });
  const admin = kafka.admin();
  try {
    await admin.connect();
    await admin.describeGroups(['infra-warmup']);
  } catch {
    /* not fatal */
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

async function ensureKafkaLibs(log) {
  const pom = fs.readFileSync(KAFKA_POM);
  const pomHash = createHash('sha256').update(pom).digest('hex');
  if (kafkaLibsComplete(pomHash)) return;

  if (!findExecutable('mvn')) throw new Error('kafka: Maven (mvn) is required to fetch the Kafka jars, and was not found on PATH');
  const t0 = Date.now();
  log(`kafka: fetching broker jars with Maven into ${path.relative(ROOT, KAFKA_LIBS)} ...`);
  fs.mkdirSync(KAFKA_CACHE_DIR, { recursive: true });
  const tmp = `${KAFKA_LIBS}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  try {
    await run('mvn', ['-q', '-B', '-f', KAFKA_POM, 'dependency:copy-dependencies', `-DoutputDirectory=${tmp}`, '-DincludeScope=runtime'], {
      cwd: ROOT,
      timeoutMs: 15 * 60_000,
    });
    const jars = fs
      .readdirSync(tmp)
      .filter((f) => f.endsWith('.jar'))
      .sort();
    if (!jars.some((j) => /^kafka_2\.13-.*\.jar$/.test(j))) throw new Error('Maven finished but kafka_2.13 jar is missing');
    fs.writeFileSync(path.join(tmp, '.stamp.json'), JSON.stringify({ pomSha256: pomHash, jars }, null, 2) + '\n');
    fs.rmSync(KAFKA_LIBS, { recursive: true, force: true });
    fs.renameSync(tmp, KAFKA_LIBS);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  log(`kafka: jars ready (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

function kafkaLibsComplete(pomHash) {
  try {
    const stamp = JSON.parse(fs.readFileSync(KAFKA_STAMP, 'utf8'));
    if (stamp.pomSha256 !== pomHash || !Array.isArray(stamp.jars) || stamp.jars.length === 0) return false;
    return stamp.jars.every((j) => fs.statSync(path.join(KAFKA_LIBS, j)).size > 0);
  } catch {
    return false;
  }
}

function writeKafkaConfig() {
  const props = {
    'process.roles': 'broker,controller',
    'node.id': '1',
    'controller.quorum.bootstrap.servers': `${KAFKA_HOST}:${KAFKA_CONTROLLER_PORT}`,
    listeners: `PLAINTEXT://${KAFKA_HOST}:${KAFKA_PORT},CONTROLLER://${KAFKA_HOST}:${KAFKA_CONTROLLER_PORT}`,
    'advertised.listeners': `PLAINTEXT://${KAFKA_HOST}:${KAFKA_PORT}`,
    'controller.listener.names': 'CONTROLLER',
    'inter.broker.listener.name': 'PLAINTEXT',
    'listener.security.protocol.map': 'PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    'log.dirs': KAFKA_DATA,
    'num.partitions': '3',
    'default.replication.factor': '1',
    'min.insync.replicas': '1',
    'offsets.topic.replication.factor': '1',
    'offsets.topic.num.partitions': '10',
    'transaction.state.log.replication.factor': '1',
    'transaction.state.log.min.isr': '1',
    'transaction.state.log.num.partitions': '10',
    'share.coordinator.state.topic.replication.factor': '1',
    'share.coordinator.state.topic.min.isr': '1',
    'group.initial.rebalance.delay.ms': '0',
    'auto.create.topics.enable': 'true',
    'delete.topic.enable': 'true',
    'num.network.threads': '2',
    'num.io.threads': '4',
    'num.recovery.threads.per.data.dir': '1',
    'log.retention.hours': '72',
    'log.segment.bytes': String(128 * 1024 * 1024),
  };
  const body =
    '# Generated by deploy/local/infra.mjs on every broker start; edit that file instead.\n' +
    Object.entries(props)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n') +
    '\n';
  writeIfChanged(KAFKA_CONFIG, body);
  writeIfChanged(
    KAFKA_LOG4J,
    [
      'status = warn',
      'appender.stdout.type = Console',
      'appender.stdout.name = STDOUT',
      'appender.stdout.layout.type = PatternLayout',
      'appender.stdout.layout.pattern = [%d] %p %m (%c)%n',
      'rootLogger.level = INFO',
      'rootLogger.appenderRef.stdout.ref = STDOUT',
      'logger.request.name = kafka.request.logger',
      'logger.request.level = WARN',
      'logger.statechange.name = state.change.logger',
      'logger.statechange.level = WARN',
      'logger.authorizer.name = kafka.authorizer.logger',
      'logger.authorizer.level = WARN',
      // Per-partition / per-topic chatter and the config dumps: keep broker.log small for long test runs.
      ...[
        'org.apache.kafka.common.config.AbstractConfig',
        'kafka.log.LogManager',
        'org.apache.kafka.storage.internals.log',
        'kafka.cluster.Partition',
        'org.apache.kafka.controller.ReplicationControlManager',
        'org.apache.kafka.controller.PartitionChangeBuilder',
        'org.apache.kafka.coordinator.common.runtime.CoordinatorRuntime',
        'kafka.server.ReplicaFetcherManager',
        'kafka.server.ReplicaAlterLogDirsManager',
      ].flatMap((name, i) => [`logger.quiet${i}.name = ${name}`, `logger.quiet${i}.level = WARN`]),
      '',
    ].join('\n'),
  );
}

/** Wait until a Kafka client can talk to the brokers (metadata request), not just TCP. */
async function waitForKafkaReady(brokers, timeoutMs, { pid, exited } = {}) {
  const deadline = Date.now() + timeoutMs;
  const probe = await kafkaProbe();
  let lastError;
  for (;;) {
    const early = exited?.();
    if (early || (pid && !isAlive(pid))) {
      const how = early?.error ? early.error.message : early ? `exit code ${early.code ?? early.signal}` : 'process gone';
      throw new Error(`kafka: broker (pid ${pid}) died during startup (${how}).\n${logTail()}`);
    }
    try {
      await probe(brokers);
      return;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `kafka: broker at ${brokers.join(',')} did not become ready within ${timeoutMs / 1000} s ` +
          `(last error: ${lastError?.message ?? lastError}).\n${logTail()}`,
      );
    }
    await sleep(500);
  }
}

async function kafkaProbe() {
  let kafkajs;
  try {
    kafkajs = await import('kafkajs');
  } catch {
    kafkajs = null;
  }
  if (kafkajs) {
    const { Kafka, logLevel } = kafkajs.default ?? kafkajs;
    return async (brokers) => {
      const kafka = new Kafka({
        clientId: 'infra-readiness',
        brokers,
        connectionTimeout: 2000,
        requestTimeout: 5000,
        retry: { retries: 0 },
        logLevel: logLevel.NOTHING,
      });
      const admin = kafka.admin();
      try {
        await admin.connect();
        await admin.listTopics();
      } finally {
        await admin.disconnect().catch(() => {});
      }
    };
  }
  // Fallback without kafkajs: a raw ApiVersions round trip (still a real protocol exchange).
  return async (brokers) => {
    const [host, port] = splitHostPort(brokers[0]);
    await apiVersionsRoundTrip(host, port);
  };
}

function apiVersionsRoundTrip(host, port) {
  return kafkaRequest(host, port, 18, 0, Buffer.alloc(0)).then((body) => {
    const code = body.readInt16BE(0);
    if (code !== 0) throw new Error(`ApiVersions error code ${code}`);
  });
}

/** One request/response with the classic (non-flexible, header v1) framing. Returns the response body. */
function kafkaRequest(host, port, apiKey, apiVersion, body, timeoutMs = 5000) {
  return new Promise((resolve, reject) => {
    const clientId = Buffer.from('infra');
    const correlationId = Math.floor(Math.random() * 0x7fffffff);
    const header = Buffer.alloc(4 + 2 + 2 + 4 + 2 + clientId.length);
    header.writeInt32BE(header.length - 4 + body.length, 0);
    header.writeInt16BE(apiKey, 4);
    header.writeInt16BE(apiVersion, 6);
    header.writeInt32BE(correlationId, 8);
    header.writeInt16BE(clientId.length, 12);
    clientId.copy(header, 14);
    const sock = net.connect({ host, port });
    let buf = Buffer.alloc(0);
    const done = (err, value) => {
      sock.destroy();
      if (err) reject(err);
      else resolve(value);
    };
    sock.setTimeout(timeoutMs, () => done(new Error(`Kafka request ${apiKey} timed out`)));
    sock.on('error', done);
    sock.on('connect', () => sock.write(Buffer.concat([header, body])));
    sock.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      if (buf.length < 4 || buf.length < 4 + buf.readInt32BE(0)) return;
      if (buf.readInt32BE(4) !== correlationId) return done(new Error('Kafka response with unexpected correlation id'));
      done(null, buf.subarray(8, 4 + buf.readInt32BE(0)));
    });
  });
}

/**
 * Best effort: wait until the transaction coordinator (which also hands out idempotent
 * producer ids) has loaded, so the first idempotent producer does not see
 * COORDINATOR_LOAD_IN_PROGRESS. InitProducerId v1 with a null transactional id.
 */
async function warmUpProducerIds(host, port, timeoutMs = 30_000) {
  const body = Buffer.alloc(6);
  body.writeInt16BE(-1, 0); // transactional_id = null
  body.writeInt32BE(60_000, 2); // transaction_timeout_ms
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await kafkaRequest(host, port, 22, 1, body);
      const code = res.readInt16BE(4); // after throttle_time_ms
      if (![14, 15, 16].includes(code)) return; // 0 = ok; anything but "loading / not available" ends the wait
    } catch {
      /* retry */
    }
    await sleep(300);
  }
}

/** The pid from .local/kafka/broker.pid if that process is alive and is our broker. */
function localBrokerPid() {
  let pid;
  try {
    pid = Number.parseInt(fs.readFileSync(KAFKA_PID, 'utf8'), 10);
  } catch {
    return null;
  }
  return Number.isInteger(pid) && isOurBroker(pid) ? pid : null;
}

function isOurBroker(pid) {
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return false;
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes('kafka.Kafka') && cmdline.includes(KAFKA_CONFIG);
  } catch {
    return process.platform !== 'linux'; // no /proc: trust the pid file
  }
}

/** SIGTERM, wait up to 20 s, then SIGKILL. Returns true if a process was stopped. */
async function stopKafkaProcess(pid, log) {
  if (!isOurBroker(pid)) {
    if (Number(readPidFile()) === pid) fs.rmSync(KAFKA_PID, { force: true });
    return false;
  }
  log(`kafka: stopping broker pid ${pid}`);
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
  const deadline = Date.now() + KAFKA_STOP_TIMEOUT_MS;
  while (isAlive(pid) && Date.now() < deadline) await sleep(200);
  if (isAlive(pid)) {
    log(`kafka: broker pid ${pid} ignored SIGTERM for ${KAFKA_STOP_TIMEOUT_MS / 1000} s, sending SIGKILL`);
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone */
    }
    const killDeadline = Date.now() + 5000;
    while (isAlive(pid) && Date.now() < killDeadline) await sleep(100);
  }
  if (Number(readPidFile()) === pid) fs.rmSync(KAFKA_PID, { force: true });
  // The ports may linger for a moment after exit.
  const portDeadline = Date.now() + 5000;
  while (Date.now() < portDeadline && (await isPortOpen(KAFKA_HOST, KAFKA_PORT))) await sleep(200);
  return true;
}

function readPidFile() {
  try {
    return fs.readFileSync(KAFKA_PID, 'utf8').trim();
  } catch {
    return '';
  }
}

function logTail(lines = 40) {
  try {
    const text = fs.readFileSync(KAFKA_LOG, 'utf8').trimEnd().split('\n');
    return `--- last ${Math.min(lines, text.length)} lines of ${KAFKA_LOG} ---\n${text.slice(-lines).join('\n')}`;
  } catch {
    return `(no ${KAFKA_LOG})`;
  }
}

function javaExecutable() {
  const fromHome = process.env.JAVA_HOME && path.join(process.env.JAVA_HOME, 'bin', 'java');
  if (fromHome && fs.existsSync(fromHome)) return fromHome;
  const java = findExecutable('java');
  if (!java) throw new Error('kafka: Java 17+ (`java`) is required to run the local broker, and was not found');
  return java;
}

function newClusterId() {
  // Kafka's Uuid is 16 random bytes, base64url without padding; avoid a leading '-'.
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

function parseBrokers(list) {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function splitHostPort(hp) {
  const i = hp.lastIndexOf(':');
  if (i <= 0) return [hp, 9092];
  return [hp.slice(0, i).replace(/^\[|\]$/g, ''), Number(hp.slice(i + 1))];
}

async function waitForAnyPort(hostPorts, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const hp of hostPorts) {
      const [host, port] = splitHostPort(hp);
      if (await isPortOpen(host, port, 1000)) return hp;
    }
    if (Date.now() >= deadline) throw new Error(`none of ${hostPorts.join(',')} answered within ${timeoutMs / 1000} s`);
    await sleep(500);
  }
}

// ---------------------------------------------------------------------------
// State, lock, process helpers
// ---------------------------------------------------------------------------

function readState() {
  try {
    const s = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'));
    return s && typeof s === 'object' ? s : {};
  } catch {
    return {};
  }
}

function writeState(state) {
  fs.mkdirSync(LOCAL_DIR, { recursive: true });
  if (Object.keys(state).length === 0) {
    fs.rmSync(STATE_FILE, { force: true });
    return;
  }
  const tmp = `${STATE_FILE}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(state, null, 2) + '\n');
  fs.renameSync(tmp, STATE_FILE);
}

let lockQueue = Promise.resolve();

/**
 * Serialise callers inside this process, then across processes with the lock file.
 * Not re-entrant: a function running under the lock must not call another locked export.
 */
async function withLock(log, fn) {
  const prev = lockQueue;
  let release;
  lockQueue = new Promise((r) => (release = r));
  await prev;
  try {
    await acquireFileLock(log);
    try {
      return await fn();
    } finally {
      releaseFileLock();
    }
  } finally {
    release();
  }
}

async function acquireFileLock(log) {
  fs.mkdirSync(LOCAL_DIR, { recursive: true });
  const deadline = Date.now() + LOCK_TIMEOUT_MS;
  let announced = false;
  for (;;) {
    try {
      const fd = fs.openSync(LOCK_FILE, 'wx');
      fs.writeSync(fd, JSON.stringify({ pid: process.pid, since: new Date().toISOString() }));
      fs.closeSync(fd);
      return;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    const holder = readLockHolder();
    if (holder.stale) {
      // Remove only if it is still the same stale file (avoid deleting a fresh lock).
      try {
        if (fs.readFileSync(LOCK_FILE, 'utf8') === holder.raw) fs.rmSync(LOCK_FILE, { force: true });
      } catch {
        /* someone else removed it */
      }
      continue;
    }
    if (!announced) {
      log(`infra: waiting for another infra step (pid ${holder.pid ?? '?'}) holding ${path.relative(ROOT, LOCK_FILE)}`);
      announced = true;
    }
    if (Date.now() >= deadline) {
      throw new Error(`infra: lock ${LOCK_FILE} still held by pid ${holder.pid ?? '?'} after ${LOCK_TIMEOUT_MS / 1000} s`);
    }
    await sleep(200 + Math.floor(Math.random() * 200));
  }
}

function readLockHolder() {
  let raw, mtimeMs;
  try {
    raw = fs.readFileSync(LOCK_FILE, 'utf8');
    mtimeMs = fs.statSync(LOCK_FILE).mtimeMs;
  } catch {
    return { stale: false }; // vanished: just retry
  }
  const age = Date.now() - mtimeMs;
  let pid;
  try {
    pid = JSON.parse(raw).pid;
  } catch {
    // Being written right now, or garbage from a crash.
    return { raw, stale: age > 5000 };
  }
  return { raw, pid, stale: !isAlive(pid) || age > LOCK_STALE_MS };
}

function releaseFileLock() {
  try {
    const holder = JSON.parse(fs.readFileSync(LOCK_FILE, 'utf8'));
    if (holder.pid === process.pid) fs.rmSync(LOCK_FILE, { force: true });
  } catch {
    /* already gone */
  }
}

function isAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    return err.code === 'EPERM';
  }
  // A zombie (exited, not yet reaped) is not alive for our purposes.
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return true;
  }
}

function isPortOpen(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const sock = net.connect({ host, port });
    const finish = (ok) => {
      sock.destroy();
      resolve(ok);
    };
    sock.setTimeout(timeoutMs, () => finish(false));
    sock.once('connect', () => finish(true));
    sock.once('error', () => finish(false));
  });
}

export function findExecutable(name) {
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    if (!dir) continue;
    const p = path.join(dir, name);
    try {
      fs.accessSync(p, fs.constants.X_OK);
      if (fs.statSync(p).isFile()) return p;
    } catch {
      /* next */
    }
  }
  return null;
}

/**
 * Run a command and resolve with its stdout once it exits. Resolves on 'exit' rather than
 * 'close', so daemons that keep the inherited pipes open (redis-server, pg_ctl) cannot hang us.
 */
function run(cmd, args, { cwd = ROOT, timeoutMs = 120_000 } = {}) {
  return new Promise((resolve, reject) => {
    let out = '';
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (d) => {
      out += d;
      if (out.length > 256 * 1024) out = out.slice(-128 * 1024);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`${path.basename(cmd)}: ${err.message}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      // Let already-buffered output arrive, but do not wait for pipes a daemon may hold.
      setImmediate(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        if (code === 0) return resolve(out);
        const tail = out.trim().split('\n').slice(-30).join('\n');
        reject(new Error(`${path.basename(cmd)} ${args.join(' ')} failed (${signal ?? `exit ${code}`})\n${tail}`));
      });
    });
  });
}

function writeIfChanged(file, content) {
  try {
    if (fs.readFileSync(file, 'utf8') === content) return;
  } catch {
    /* missing */
  }
  fs.writeFileSync(file, content);
}

function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.href;
  } catch {
    return '<unparseable url>';
  }
}

// ---------------------------------------------------------------------------
// CLI
// ---------------------------------------------------------------------------

async function main(argv) {
  const [command, ...rest] = argv;
  // kafkajs 2.x arms a negative setTimeout, which Node >= 23 reports as TimeoutNegativeWarning.
  // Harmless; keep it out of the CLI's output (only here, not when imported as a library).
  const emitWarning = process.emitWarning;
  process.emitWarning = function (warning, ...args) {
    const type = typeof args[0] === 'string' ? args[0] : (args[0]?.type ?? warning?.name);
    if (type === 'TimeoutNegativeWarning') return;
    return emitWarning.call(process, warning, ...args);
  };
  const log = (...args) => console.error(...args); // stdout is reserved for JSON
  switch (command) {
    case 'up': {
      const t0 = Date.now();
      const infra = await ensureInfra({ databases: rest, log });
      const { redisUrl, kafkaBrokers, databaseUrls, started } = infra;
      const printable = { databaseServerUrl: databaseServerUrl(), databaseUrls, redisUrl, kafkaBrokers, started };
      process.stdout.write(JSON.stringify(printable, null, 2) + '\n');
      log(`infra: up in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      return;
    }
    case 'down':
      await stopInfra({ log });
      return;
    case 'kafka-stop':
      await stopKafka({ log });
      return;
    case 'kafka-start':
      process.stdout.write(JSON.stringify(await startKafka({ log }), null, 2) + '\n');
      return;
    default:
      console.error(
        'usage: node deploy/local/infra.mjs up [database ...] | down | kafka-stop | kafka-start\n' +
          'env: DATABASE_URL, REDIS_URL, KAFKA_BROKERS (use existing servers)',
      );
      process.exitCode = command ? 2 : 0;
  }
}

function databaseServerUrl() {
  return process.env.DATABASE_URL || PG_DEFAULT_URL;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err?.stack && process.env.INFRA_DEBUG ? err.stack : `infra: ${err?.message ?? err}`);
    process.exitCode = 1;
  });
}
