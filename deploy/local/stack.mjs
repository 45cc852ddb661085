// The local stack: dev keys, the process list, starting every service and the gateway, waiting until ready.
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { isPortOpen, LOCAL, readFile, ROOT, waitUntil } from './util.mjs';

const require = createRequire(import.meta.url);
export const log = (message) => console.log(message);

/**
 * What makes a stack: its name (its logs are in .local/logs/<name>), its ports above the usual ones, its databases,
 * Redis database and topic prefix, NODE_ENV and log level, and whether its warnings are echoed here. `npm start`
 * runs this one, the demo stack; the tests' and the benchmarks' stacks are in tools/test-stack.mjs.
 */
export const START_PROFILE = {
  name: 'start',
  portOffset: 0,
  database: (s) => `backoffice_${s}`,
  redisDb: 0,
  topicPrefix: '',
  nodeEnv: 'development',
  logLevel: 'info',
  echo: true,
};

export function devKeys() {
  if (process.env.JWT_PRIVATE_KEY && process.env.JWT_PUBLIC_KEY) {
    return { privateKey: process.env.JWT_PRIVATE_KEY, publicKey: process.env.JWT_PUBLIC_KEY };
  }
  const dir = join(LOCAL, 'keys');
  const privatePath = join(dir, 'jwt-private.pem');
  const publicPath = join(dir, 'jwt-public.pem');
  if (!existsSync(privatePath)) {
    mkdirSync(dir, { recursive: true });
    const keys = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    writeFileSync(privatePath, keys.privateKey, { mode: 0o600 });
    writeFileSync(publicPath, keys.publicKey);
    log('› generated development JWT keys in .local/keys (never committed)');
  }
  return { privateKey: readFileSync(privatePath, 'utf8'), publicKey: readFileSync(publicPath, 'utf8') };
}

export function contracts() {
  return require(join(ROOT, 'libs/contracts/dist/index.js'));
}

/** Every process of the stack: each service's dist/main.js, extra processes named in its package.json, then the gateway. */
export function processList() {
  const { SERVICE_NAMES } = contracts();
  // STACK_SERVICES=identity,geography starts only those (and the gateway), e.g. while one area is being built.
  const only = process.env.STACK_SERVICES?.split(',') ?? SERVICE_NAMES;
  const services = SERVICE_NAMES.filter((name) => only.includes(name) && existsSync(join(ROOT, 'services', name, 'src/main.ts')));
  return [
    ...services.flatMap((name) => {
      const dir = join(ROOT, 'services', name);
      const extra = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).backoffice?.processes ?? {};
      return [
        { name, service: name, script: join(dir, 'dist/main.js'), http: true },
        ...Object.entries(extra).map(([extraName, { script, port, deploy }]) => {
          return { name: `${name}-${extraName}`, service: name, script: join(dir, script), http: !!port, port, deploy };
        }),
      ];
    }),
    { name: 'gateway', service: 'gateway', script: join(ROOT, 'services/gateway/dist/main.js'), http: true },
  ];
}

const hasAuthNetCredentials = () => Boolean(process.env.AUTHNET_API_LOGIN_ID?.trim() && process.env.AUTHNET_TRANSACTION_KEY?.trim());

export const redisUrlWithDb = (url, db) => Object.assign(new URL(url), { pathname: `/${db}` }).href;

/** Port of replica `r` (0-based) of a process: replicas after the first are 100 ports apart (3001, 3101, ...). */
export const REPLICA_PORT_STEP = 100;

/**
 * Starts the stack. STACK_REPLICAS=2 (or `replicas`) runs that many replicas of every service and worker, the
 * gateway balancing between them (each service's URL variable lists its replicas); `restart(name)` stops one
 * process with SIGTERM and starts it again, as a rolling update does.
 */
export async function startStack(profile, infra, keys, { replicas = Number(process.env.STACK_REPLICAS ?? 1) } = {}) {
  const { SERVICE_NAMES, SERVICE_PORTS, GATEWAY_OPS_PORT, serviceUrlVariable } = contracts();
  const port = (service, replica = 0) => SERVICE_PORTS[service] + profile.portOffset + replica * REPLICA_PORT_STEP;
  const replicaList = (service) => Array.from({ length: replicas }, (_, r) => `http://127.0.0.1:${port(service, r)}`);
  // The gateway balances over every replica, and a service calling another one takes turns over them too.
  const urls = Object.fromEntries(SERVICE_NAMES.map((s) => [serviceUrlVariable(s), replicaList(s).join(',')]));
  const logDir = join(LOCAL, 'logs', profile.name);
  mkdirSync(logDir, { recursive: true });
  // Every replica of every process: the gateway and a process that is not deployed (the card simulator) once.
  const processes = processList().flatMap((proc) =>
    proc.service === 'gateway' || proc.deploy === false
      ? [{ ...proc, replica: 0 }]
      : Array.from({ length: replicas }, (_, r) => ({ ...proc, replica: r, name: r ? `${proc.name}-${r + 1}` : proc.name })),
  );
  const portOf = (proc) => (proc.port ? proc.port + profile.portOffset : port(proc.service)) + proc.replica * REPLICA_PORT_STEP;
  // A process left over from another run would answer the health checks in this stack's place.
  const ports = [...processes.filter((p) => p.http).map(portOf), GATEWAY_OPS_PORT + profile.portOffset];
  const open = await Promise.all(ports.map((p) => isPortOpen('127.0.0.1', p, 500)));
  const taken = ports.filter((_, i) => open[i]);
  if (taken.length) throw new Error(`Port ${taken.join(', ')} already in use on 127.0.0.1: is another stack still running? Stop it first.`);
  const launch = (proc, env) => {
    const logFile = join(logDir, `${proc.name}.log`);
    const out = createWriteStream(logFile, { flags: 'a' });
    const child = spawn(process.execPath, ['--enable-source-maps', '--disable-warning=TimeoutNegativeWarning', proc.script], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const echo = (chunk) => {
      out.write(chunk);
      if (!profile.echo) return;
      for (const line of chunk.toString().split('\n')) {
        const shown = echoed(line);
        if (shown !== null) log(`[${proc.name}] ${shown}`);
      }
    };
    child.stdout.on('data', echo);
    child.stderr.on('data', echo);
    child.on('exit', (code, signal) => {
      if (!child.stopping) log(`[${proc.name}] exited (${signal ?? code})`);
    });
    return { proc, child, env, port: Number(env.PORT), healthPort: Number(env.OPS_PORT ?? env.PORT), logFile };
  };
  const children = processes.map((proc) => {
    const env = {
      ...process.env,
      NODE_ENV: profile.nodeEnv,
      SERVICE_NAME: proc.service,
      HOST: '127.0.0.1',
      PORT: String(portOf(proc)),
      LOG_LEVEL: process.env.LOG_LEVEL ?? profile.logLevel,
      DATABASE_URL: infra.databaseUrlFor(profile.database(proc.service)),
      REDIS_URL: redisUrlWithDb(infra.redisUrl, profile.redisDb),
      KAFKA_BROKERS: infra.kafkaBrokers.join(','),
      KAFKA_TOPIC_PREFIX: profile.topicPrefix,
      JWT_PUBLIC_KEY: keys.publicKey,
      ...(proc.service === 'identity' ? { JWT_PRIVATE_KEY: keys.privateKey } : {}),
      ...urls,
      CONSOLE_DIR: join(ROOT, 'console/dist'),
      SEED_DEMO_DATA: process.env.SEED_DEMO_DATA ?? 'true',
      // A stack on this machine is for development: webhooks may go to http://127.0.0.1 receivers.
      WEBHOOK_ALLOW_PRIVATE_TARGETS: process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? 'true',
      // The gateway answers health checks and metrics on a port of its own, never on the public one.
      ...(proc.service === 'gateway' ? { OPS_PORT: String(GATEWAY_OPS_PORT + profile.portOffset) } : {}),
      // Local runs settle cards against the Authorize.Net simulator (payments-authnet-sim, on payments' port + 10),
      // labelled "Simulated data" in the console, unless real credentials are in the environment.
      ...(proc.service === 'payments'
        ? { AUTHNET_SIMULATOR: process.env.AUTHNET_SIMULATOR ?? (hasAuthNetCredentials() ? 'false' : 'true') }
        : {}),
    };
    if (proc.service === 'gateway') delete env.DATABASE_URL; // the gateway has no database
    return launch(proc, env);
  });
  const stopOne = ({ child }) =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.stopping = true;
      const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  const stop = () => Promise.all(children.map(stopOne));
  /** Stops the process named `name` with SIGTERM, starts it again and waits until it is ready. */
  const restart = async (name) => {
    const index = children.findIndex((entry) => entry.proc.name === name);
    if (index < 0) throw new Error(`no process named ${name} in this stack`);
    await stopOne(children[index]);
    children[index] = launch(children[index].proc, children[index].env);
    if (children[index].proc.http) await waitHealthy(children[index]);
  };
  try {
    await Promise.all(children.filter((c) => c.proc.http).map((c) => waitHealthy(c)));
  } catch (error) {
    await stop(); // never leave half a stack running behind a failed start
    throw error;
  }
  return { url: `http://127.0.0.1:${port('gateway')}`, children, stop, restart };
}

/** What `npm start` shows of a line of a process's output: its warnings, errors and milestones, or a line not JSON. */
function echoed(line) {
  if (!line.trim()) return null;
  try {
    const entry = JSON.parse(line);
    return entry.level >= 40 || /listening|created the first|seeded|applied/.test(entry.msg ?? '') ? entry.msg : null;
  } catch {
    return line;
  }
}

export async function waitHealthy({ proc, child, port, healthPort = port, logFile }, timeoutMs = 120_000) {
  const ready = async () => {
    if (child.exitCode !== null) throw Object.assign(new Error(`exited (${child.exitCode})`), { fatal: true });
    return (await fetch(`http://127.0.0.1:${healthPort}/health/ready`, { signal: AbortSignal.timeout(2000) })).ok;
  };
  await waitUntil(timeoutMs, ready, { fatal: (error) => error.fatal }).catch(() => {
    const tail = (readFile(logFile) ?? '').split('\n').slice(-30).join('\n');
    throw new Error(`${proc.name} did not become ready on port ${port}.\n${tail}`);
  });
}

/** The databases of a stack's services. */
export function databasesFor(profile) {
  const { SERVICE_NAMES } = contracts();
  return SERVICE_NAMES.map((s) => profile.database(s));
}
