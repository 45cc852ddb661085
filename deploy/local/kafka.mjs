// The Kafka part of the infrastructure step (infra.mjs holds the lock and the record of what it started):
// KAFKA_BROKERS when set, else a single-node KRaft broker on 127.0.0.1, reused when it runs, else started detached
// from the jars of kafka/pom.xml with its files in .local/<LOCAL_KAFKA_NAME>/. See README.md beside this file.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import kafkajs from 'kafkajs';
import { findExecutable, isAlive, isPortOpen, LOCAL, readFile, ROOT, run, waitUntil } from './util.mjs';

const HERE = path.join(ROOT, 'deploy/local/kafka');
const HOST = '127.0.0.1';
export const KAFKA_NAME = process.env.LOCAL_KAFKA_NAME || 'kafka';
const PORT = Number(process.env.LOCAL_KAFKA_PORT || 9092);
export const KAFKA_BROKER = `${HOST}:${PORT}`;
const CONTROLLER = `${HOST}:${PORT + 1}`;
export const KAFKA_LIBS = path.join(ROOT, '.cache/kafka/libs');
const LIBS = KAFKA_LIBS;
const DIR = path.join(LOCAL, KAFKA_NAME);
const DATA = path.join(DIR, 'data');
const CONFIG = path.join(DIR, 'server.properties');
const LOG = path.join(DIR, 'broker.log');
const PID_FILE = path.join(DIR, 'broker.pid');
const JVM_OPTIONS =
  '-Xms256m -Xmx768m -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:InitiatingHeapOccupancyPercent=35 -XX:+ExplicitGCInvokesConcurrent -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true';

/** KAFKA_BROKERS (waited for like the local broker), else the local broker; records and reports one started here. */
export async function ensureKafka({ log, state, started }) {
  if (process.env.KAFKA_BROKERS) {
    const brokers = process.env.KAFKA_BROKERS.split(',').flatMap((s) => s.trim() || []);
    if (brokers.length === 0) throw new Error('KAFKA_BROKERS is set but lists no host:port');
    await waitForKafka(null, brokers);
    log(`kafka: using KAFKA_BROKERS=${brokers.join(',')}`);
    return brokers;
  }
  const { pid, launched } = await localBroker(log, { foreign: 'reuse' });
  if (launched) started.push('kafka');
  // Ours is recorded even when an earlier run started it, so that stopInfra stops it; a foreign one never is.
  if (pid) state.kafka = pid;
  else delete state.kafka;
  return [KAFKA_BROKER];
}

/**
 * The local broker: ours when it runs (waited for, it may still be starting), else the one answering on its port
 * (`foreign: 'reuse'`; else an error), else one started here. Answers its pid (null when not ours) and whether it
 * was started now.
 */
export async function localBroker(log, { foreign }) {
  const pid = localBrokerPid();
  if (pid) {
    await waitForKafka(pid);
    log(`kafka: reusing local broker at ${KAFKA_BROKER} (pid ${pid})`);
    return { pid, launched: false };
  }
  if (await isPortOpen(HOST, PORT)) {
    if (foreign !== 'reuse') throw new Error(`startKafka: ${KAFKA_BROKER} is taken by a broker this step did not start`);
    await waitForKafka();
    log(`kafka: reusing broker already answering at ${KAFKA_BROKER} (not started by this step)`);
    return { pid: null, launched: false };
  }
  return { pid: await launchBroker(log), launched: true };
}

/** Fetches the jars, writes the config, formats the storage once, starts the broker detached and waits for it. */
async function launchBroker(log) {
  const t0 = Date.now();
  await ensureKafkaJars(log);
  const javaHome = process.env.JAVA_HOME && path.join(process.env.JAVA_HOME, 'bin/java');
  const java = javaHome && fs.existsSync(javaHome) ? javaHome : findExecutable('java');
  if (!java) throw new Error('kafka: Java 17+ (`java`) is required to run the local broker, and was not found');
  fs.mkdirSync(DIR, { recursive: true });
  const values = { broker: KAFKA_BROKER, controller: CONTROLLER, data: DATA };
  fs.writeFileSync(
    CONFIG,
    readFile(path.join(HERE, 'server.properties')).replace(/\$\{(\w+)\}/g, (_, key) => values[key]),
  );
  const javaArgs = [`-Dlog4j2.configurationFile=${path.join(HERE, 'log4j2.properties')}`, '-cp', path.join(LIBS, '*')];
  if (!fs.existsSync(path.join(DATA, 'meta.properties'))) {
    fs.rmSync(DATA, { recursive: true, force: true });
    // Kafka's Uuid: 16 random bytes, base64url without padding, not starting with '-'.
    const clusterId = 'A' + randomBytes(16).toString('base64url').slice(1);
    log(`kafka: formatting KRaft storage in ${path.relative(ROOT, DATA)} (cluster id ${clusterId})`);
    await run(java, [...javaArgs, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', CONFIG, '--standalone']);
  }
  if (await isPortOpen(HOST, PORT + 1)) throw new Error(`kafka: controller port ${CONTROLLER} is already in use`);
  if (fs.statSync(LOG, { throwIfNoEntry: false })?.size) fs.renameSync(LOG, `${LOG}.1`); // one for post-mortems
  const out = fs.openSync(LOG, 'a');
  const args = [...JVM_OPTIONS.split(' '), ...javaArgs, 'kafka.Kafka', CONFIG];
  const child = spawn(java, args, { cwd: ROOT, detached: true, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  child.unref();
  if (!child.pid) throw new Error(`kafka: could not start ${java}`);
  fs.writeFileSync(PID_FILE, `${child.pid}\n`);
  log(`kafka: started broker pid ${child.pid}, log ${path.relative(ROOT, LOG)}`);
  try {
    await waitForKafka(child.pid);
  } catch (error) {
    await stopBroker(child.pid, () => {}).catch(() => {}); // never leave a half-started broker behind
    throw error;
  }
  await warmUp();
  log(`kafka: ready at ${KAFKA_BROKER} after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return child.pid;
}

/**
 * kafkajs 2.2.4 arms a timer of a negative delay on a broker connection with nothing queued (Node 24 warns
 * TimeoutNegativeWarning). The platform's services skip that timer (libs/platform/src/kafka/kafkajs-idle-timer.ts,
 * TypeScript these scripts cannot load before a build); the scripts' own clients skip it the same way.
 */
const requestQueue = createRequire(import.meta.url)('kafkajs/src/network/requestQueue').prototype;
if (!requestQueue.scheduleCheckPendingRequests.fixed) {
  const schedule = requestQueue.scheduleCheckPendingRequests;
  requestQueue.scheduleCheckPendingRequests = Object.assign(
    function () {
      if (this.pending.length === 0 && this.throttledUntil <= Date.now()) return;
      schedule.call(this);
    },
    { fixed: true },
  );
}

const kafkaClient = (options) => new kafkajs.Kafka({ brokers: [KAFKA_BROKER], logLevel: kafkajs.logLevel.NOTHING, ...options });

/**
 * Waits until kafkajs's admin client can list the topics (not just connect), failing early when the local broker
 * `pid` dies.
 */
async function waitForKafka(pid, brokers = [KAFKA_BROKER]) {
  const listTopics = async () => {
    if (pid && !isAlive(pid))
      throw Object.assign(new Error(`kafka: broker (pid ${pid}) died during startup.\n${logTail()}`), { fatal: true });
    const admin = kafkaClient({
      brokers,
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
  const detail = pid ? logTail : () => '';
  await waitUntil(120_000, listTopics, { what: `kafka: broker at ${brokers.join(',')}`, fatal: (e) => e.fatal, detail });
}

/**
 * Best effort, on a new broker: loads the group coordinator (__consumer_offsets) and the producer-id coordinator now,
 * so the first consumer group and idempotent producer of a run meet no "coordinator not available / loading" retries.
 */
async function warmUp() {
  const kafka = kafkaClient({ clientId: 'infra-warmup', retry: { retries: 8, initialRetryTime: 200, maxRetryTime: 2000 } });
  const admin = kafka.admin();
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  // An idempotent producer asks for its producer id on connect.
  await Promise.allSettled([admin.connect().then(() => admin.describeGroups(['infra-warmup'])), producer.connect()]);
  await Promise.allSettled([admin.disconnect(), producer.disconnect()]);
}

/** The jars of kafka/pom.xml in .cache/kafka/libs, fetched with Maven when the pom's hash changed. */
export async function ensureKafkaJars(log) {
  const pom = path.join(HERE, 'pom.xml');
  const pomSha256 = createHash('sha256').update(fs.readFileSync(pom)).digest('hex');
  if (readFile(path.join(LIBS, '.stamp.json'))?.includes(pomSha256)) return;
  if (!findExecutable('mvn')) throw new Error('kafka: Maven (mvn) is required to fetch the Kafka jars, and was not found on PATH');
  const t0 = Date.now();
  log(`kafka: fetching broker jars with Maven into ${path.relative(ROOT, LIBS)} ...`);
  // Into a folder of this process's, then renamed: the jars are either all there or not at all.
  const tmp = `${LIBS}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  try {
    const args = ['-q', '-B', '-f', pom, 'dependency:copy-dependencies', `-DoutputDirectory=${tmp}`, '-DincludeScope=runtime'];
    await run('mvn', args, { timeoutMs: 15 * 60_000 });
    if (!fs.readdirSync(tmp).some((j) => /^kafka_2\.13-.*\.jar$/.test(j)))
      throw new Error('Maven finished but the kafka_2.13 jar is missing');
    fs.writeFileSync(path.join(tmp, '.stamp.json'), JSON.stringify({ pomSha256 }) + '\n');
    fs.rmSync(LIBS, { recursive: true, force: true });
    fs.renameSync(tmp, LIBS);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  log(`kafka: jars ready (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

/** The pid in the broker's pid file when that process runs and is our broker, else null. */
function localBrokerPid() {
  const pid = Number.parseInt(readFile(PID_FILE) ?? '', 10);
  return isOurBroker(pid) ? pid : null;
}

function isOurBroker(pid) {
  if (!isAlive(pid)) return false;
  const cmdline = readFile(`/proc/${pid}/cmdline`);
  if (cmdline === null) return process.platform !== 'linux'; // no /proc: trust the pid file
  return cmdline.includes('kafka.Kafka') && cmdline.includes(CONFIG);
}

/** Stops the local broker this step started (its data is kept) and answers its pid; throws when there is none. */
export async function stopLocalBroker(log) {
  const pid = localBrokerPid();
  if (!pid) throw new Error(`stopKafka: no locally started Kafka broker is running (see ${path.relative(ROOT, PID_FILE)})`);
  await stopBroker(pid, log);
  return pid;
}

/** SIGTERM, up to 20 s, then SIGKILL; waits until the port is free. Answers whether a broker of ours was stopped. */
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
    await waitUntil(5000, async () => !(await isPortOpen(HOST, PORT))).catch(() => {}); // the port may linger a moment
  }
  if (Number.parseInt(readFile(PID_FILE) ?? '', 10) === pid) fs.rmSync(PID_FILE, { force: true });
  return ours;
}

function logTail(lines = 40) {
  const tail = readFile(LOG)?.trimEnd().split('\n').slice(-lines);
  return tail ? `--- last ${tail.length} lines of ${LOG} ---\n${tail.join('\n')}` : `(no ${LOG})`;
}
