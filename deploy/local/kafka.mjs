// The local Kafka broker of the infrastructure step (infra.mjs, which holds the lock and the record of what it
// started): KAFKA_BROKERS when set, else a single-node KRaft broker on 127.0.0.1 — reused when it runs, else started
// detached from the jars of kafka/pom.xml (fetched with Maven into .cache/kafka/libs) with its files in .local/kafka/,
// waited for until it serves requests and warmed up. LOCAL_KAFKA_NAME / LOCAL_KAFKA_PORT: a second local broker (own
// folder and ports) beside the usual one. See README.md beside this file.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import kafkajs from 'kafkajs';
import { isAlive } from './lock.mjs';
import { findExecutable, isPortOpen, LOCAL, ROOT, run, waitUntil } from './util.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const HOST = '127.0.0.1';
export const KAFKA_NAME = process.env.LOCAL_KAFKA_NAME || 'kafka';
const KAFKA_LIBS = path.join(ROOT, '.cache/kafka/libs');
const KAFKA_DIR = path.join(LOCAL, KAFKA_NAME);
const KAFKA_DATA = path.join(KAFKA_DIR, 'data');
const KAFKA_CONFIG = path.join(KAFKA_DIR, 'server.properties');
const KAFKA_LOG = path.join(KAFKA_DIR, 'broker.log');
const KAFKA_PID = path.join(KAFKA_DIR, 'broker.pid');
const KAFKA_PORT = Number(process.env.LOCAL_KAFKA_PORT || 9092);
export const KAFKA_BROKER = `${HOST}:${KAFKA_PORT}`;
const CONTROLLER = `${HOST}:${KAFKA_PORT + 1}`;
const JVM_OPTIONS =
  '-Xms256m -Xmx768m -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:InitiatingHeapOccupancyPercent=35 -XX:+ExplicitGCInvokesConcurrent -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true';

// Kafka: KAFKA_BROKERS, or our broker, or whatever answers on the port, or a broker started here.
export async function ensureKafka({ log, state, started }) {
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

/**
 * (Re)starts the local broker on its existing data and waits until it serves requests (only waits when ours runs).
 * Returns the pid of the broker it started, else null.
 */
export async function startLocalBroker(log) {
  const pid = localBrokerPid();
  if (pid) {
    await waitForKafka([KAFKA_BROKER], { pid });
    return null;
  }
  if (await isPortOpen(HOST, KAFKA_PORT)) throw new Error(`startKafka: ${KAFKA_BROKER} is taken by a broker this step did not start`);
  return launchBroker(log);
}

/** Stops the broker this step started (its data is kept) and returns its pid; throws when there is none. */
export async function stopLocalBroker(log) {
  const pid = localBrokerPid();
  if (!pid) throw new Error(`stopKafka: no locally started Kafka broker is running (see ${path.relative(ROOT, KAFKA_PID)})`);
  await stopBroker(pid, log);
  return pid;
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
export function localBrokerPid() {
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
export async function stopBroker(pid, log) {
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

function splitHostPort(hostPort) {
  const i = hostPort.lastIndexOf(':');
  return i <= 0 ? [hostPort, 9092] : [hostPort.slice(0, i).replace(/^\[|\]$/g, ''), Number(hostPort.slice(i + 1))];
}
