import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createTestDatabase, kafkaBrokers, redisUrl, testKeys } from '@backoffice/platform/testing';
import { recordFigure } from './figures';

/**
 * SIGTERM while sign-ins stream in on eight client loops: every request sent before the signal is answered 200 (none
 * is cut, none refused), and those sent after it are turned away only cleanly (503 while draining, or a connection
 * refused once the service stops listening), never reset.
 */
const ROOT = join(__dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** One request on its own connection: a status, or the network error code. */
function call(port: number, path: string, token?: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        agent: false,
        headers: { connection: 'close', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve('RESPONSE_CUT'));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'ERROR'));
    req.end();
  });
}

interface Outcome {
  sent: number;
  ended: number;
  /** The HTTP status, or the network error code (ECONNREFUSED, ECONNRESET, RESPONSE_CUT for a response cut short). */
  result: number | string;
}

let child: ChildProcess;
let drop: () => Promise<void>;

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await drop?.();
});

it('drains in-flight requests on SIGTERM and exits cleanly', async () => {
  const database = await createTestDatabase('shutdown');
  drop = database.drop;
  const port = await freePort();
  child = spawn(process.execPath, [join(ROOT, 'services/identity/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      SERVICE_NAME: 'identity',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl(),
      KAFKA_BROKERS: kafkaBrokers(),
      KAFKA_TOPIC_PREFIX: `shutdown${Date.now()}.`,
      JWT_PUBLIC_KEY: testKeys.publicKey,
      JWT_PRIVATE_KEY: testKeys.privateKey,
      ADMIN_EMAIL: 'drain@test.local',
      ADMIN_PASSWORD: 'Drain-pass-1',
      // Eight parallel sign-ins of one account from one address: above the default guessing limit (attempts
      // count as they start), and this test is about draining, not throttling.
      LOGIN_MAX_FAILURES_PER_USER_AND_IP: '50',
      // The drain waits for sign-ins in flight (argon2), slow on a busy machine: the cap is not what is tested here.
      SHUTDOWN_GRACE_MS: '30000',
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  while ((await call(port, '/health/ready')) !== 200) {
    if (Date.now() > deadline) throw new Error('identity did not start');
    await new Promise((r) => setTimeout(r, 200));
  }

  // Logins are the slowest route (argon2): the ones in flight at SIGTERM must still be answered.
  const loginBody = JSON.stringify({ username: 'drain@test.local', password: 'Drain-pass-1' });
  /** One sign-in on its own connection: when it was sent, when it ended, and its status or network error code. */
  const login = () =>
    new Promise<Outcome>((resolve) => {
      const sent = Date.now();
      const end = (result: number | string) => resolve({ sent, ended: Date.now(), result });
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/auth/login',
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'application/json', connection: 'close' },
        },
        (res) => {
          res.resume();
          res.on('end', () => end(res.statusCode ?? 0));
          res.on('error', () => end('RESPONSE_CUT'));
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) => end(error.code ?? 'ERROR'));
      req.end(loginBody);
    });

  const outcomes: Outcome[] = [];
  let stop = false;
  const loops = Array.from({ length: 8 }, async () => {
    while (!stop) {
      const outcome = await login();
      outcomes.push(outcome);
      // A client told the service is going away (503, or a refused connection) stops sending to it.
      if (outcome.result !== 200) break;
    }
  });
  // Let every loop finish a first request (the machine may be busy), so eight are in flight at SIGTERM.
  const warm = Date.now() + 30_000;
  while (outcomes.length < 8 && Date.now() < warm) await new Promise((r) => setTimeout(r, 50));
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? String(code))));
  const signalled = Date.now();
  child.kill('SIGTERM');
  const code = await exited;
  const drainMs = Date.now() - signalled;
  stop = true;
  await Promise.all(loops);

  // Sent before SIGTERM: the service had them (or their connection) and must answer each one, in full, with success.
  const before = outcomes.filter((o) => o.sent < signalled);
  const inFlight = before.filter((o) => o.ended >= signalled);
  // Sent after SIGTERM: the service may turn them away, but only cleanly: a 503 answer while it drains, or a
  // connection refused once it no longer listens. A reset connection or a cut response is a lost request.
  const after = outcomes.filter((o) => o.sent >= signalled);
  const turnedAwayCleanly = (result: number | string) => result === 200 || result === 503 || result === 'ECONNREFUSED';

  // Nest closes the app, then re-raises the signal: a clean exit is code 0 or SIGTERM after the drain, never SIGKILL.
  expect(['0', 'SIGTERM']).toContain(code);
  expect(inFlight.length).toBe(8); // each loop always has one sign-in in flight
  expect(before.filter((o) => o.result !== 200).map((o) => o.result)).toEqual([]);
  expect(after.filter((o) => !turnedAwayCleanly(o.result)).map((o) => o.result)).toEqual([]);
  recordFigure('graceful shutdown', 'sign-ins in flight at SIGTERM, all answered 200', inFlight.length, 'requests');
  recordFigure('graceful shutdown', 'SIGTERM to exit', drainMs, 'ms');
}, 90_000);
