import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import {
  buildServices,
  createTestDatabase,
  freePort,
  kafkaBrokers,
  portOpen,
  queryDatabase as query,
  redisUrl,
  signToken,
  testKeys,
} from '@backoffice/platform/testing';

/** Helpers of the fault tests: services run from dist as child processes, so a test can kill and restart them. */
export const ROOT = resolve(__dirname, '../..');

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export { buildServices, freePort, query };

/** A service's main.js as a child process on a fixed port, which a test can kill and start again. */
export interface ServiceProcess {
  readonly port: number;
  readonly url: string;
  readonly pid: number | undefined;
  /** Output of every run so far (the last 1-2 MB). */
  output(): string;
  /** Starts it and waits until /health/ready answers 200; answers how long that took. */
  start(): Promise<number>;
  /** Sends the signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  running(): boolean;
}

export async function serviceProcess(service: string, env: Record<string, string>): Promise<ServiceProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let output = '';
  const running = () => !!child && child.exitCode === null && child.signalCode === null;
  const stop = (signal: NodeJS.Signals = 'SIGTERM') =>
    new Promise<void>((done) => {
      if (!child || !running()) return done();
      child.once('exit', () => done());
      child.kill(signal);
    });
  return {
    port,
    url,
    get pid() {
      return child?.pid;
    },
    output: () => output,
    running,
    stop,
    async start() {
      if (running()) throw new Error(`${service} is already running`);
      const started = Date.now();
      const current = spawn(process.execPath, [join(ROOT, `services/${service}/dist/main.js`)], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          SERVICE_NAME: service,
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          JWT_PUBLIC_KEY: testKeys.publicKey,
          JWT_PRIVATE_KEY: testKeys.privateKey,
          REDIS_URL: redisUrl(),
          KAFKA_BROKERS: kafkaBrokers(),
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = current;
      const append = (chunk: Buffer) => {
        output += chunk;
        if (output.length > 2_000_000) output = output.slice(-1_000_000);
      };
      current.stdout?.on('data', append);
      current.stderr?.on('data', append);
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        if (current.exitCode !== null || current.signalCode !== null) throw new Error(`${service} exited while starting:\n${output}`);
        const ready = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(3000) }).then(
          (r) => r.status === 200,
          () => false,
        );
        if (ready) return Date.now() - started;
        await sleep(100);
      }
      throw new Error(`${service} did not become ready:\n${output}`);
    },
  };
}

/** The env of an orders process on its own database and topic prefix (other services are not needed). */
export function ordersEnv(databaseUrl: string, topicPrefix: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    KAFKA_TOPIC_PREFIX: topicPrefix,
    GEOGRAPHY_URL: 'http://127.0.0.1:9',
    SCHEDULING_URL: '',
    IDENTITY_URL: '',
    SEED_DEMO_DATA: 'false',
  };
}

/**
 * The orders process of a fault test, on a database of its own and its own topic prefix (`env` is added to
 * ordersEnv): start() in beforeAll, stop() in afterAll. It is killed with the test process if jest tears the test down early.
 */
export class OrdersUnderTest {
  orders!: ServiceProcess;
  database!: Awaited<ReturnType<typeof createTestDatabase>>;
  private forget: () => void = () => undefined;

  constructor(
    private readonly databaseName: string,
    private readonly topicPrefix: string,
    private readonly env: Record<string, string> = {},
  ) {}

  /** Builds the services, creates the database and starts orders on it. */
  async start(): Promise<void> {
    buildServices();
    this.database = await createTestDatabase(this.databaseName);
    this.orders = await serviceProcess('orders', { ...ordersEnv(this.database.url, this.topicPrefix), ...this.env });
    this.forget = killOnExit(() => [this.orders]);
    await this.orders.start();
  }

  /** Seeds `count` orders (seedOrders) and submits a client service of each through the API; answers their ids. */
  async submitClientServices(count: number, token: string): Promise<string[]> {
    const ids: string[] = [];
    for (const orderId of await seedOrders(this.database.url, count)) {
      const submitted = await call(this.orders.url, '/api/client-services/submit', token, { orderId, itemId: 7 });
      expect(submitted.status).toBe(200);
      ids.push(submitted.body!.clientServiceId as string);
    }
    return ids;
  }

  /** Stops orders with the signal, drops the database and deletes the prefix's topics (also after a failed start). */
  async stop(signal: NodeJS.Signals): Promise<void> {
    await this.orders?.stop(signal);
    this.forget();
    await this.database?.drop().catch(() => undefined);
    await deleteTopics(this.topicPrefix);
  }
}

/** The status changes the fault tests make on each client service, in this order. */
export const STATUS_STEPS = ['Verified', 'Filled', 'Completed'] as const;

/** How many client services `changes` status changes need, STATUS_STEPS on each in turn. */
export const clientServicesFor = (changes: number) => Math.ceil(changes / STATUS_STEPS.length);

/** The statuses the client service at `index` goes through when `changes` are spread that way (the last may get fewer). */
export const statusesOf = (index: number, changes: number) =>
  STATUS_STEPS.slice(0, Math.min(STATUS_STEPS.length, changes - index * STATUS_STEPS.length));

export const uniquePrefix = (name: string) => `${name}${randomBytes(3).toString('hex')}.`;

/** Seeds the catalogue read model with one service and `count` orders of it straight in the database (order intake has its own tests). */
export async function seedOrders(databaseUrl: string, count: number, serviceId = 7): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await query(
    databaseUrl,
    `insert into catalogue_services (id, name, delivery_type, price, active, physical, required_files, source_updated_at)
     values ($1, 'Tourist visa application', 'Online', 149, true, false, '[]', now()) on conflict do nothing`,
    [serviceId],
  );
  await query(
    databaseUrl,
    `insert into orders (id, name, contact_info, email, address, zip_code, city, county, state, country, subtotal, amount)
     select id, 'Ada Client', '+1 212 555 0100', 'ada@example.com', '1 Main St', '10001', 'New York City', 'New York County', 'NY', 'US', 149, 149
     from unnest($1::uuid[]) as id`,
    [ids],
  );
  await query(
    databaseUrl,
    `insert into order_items (order_id, item_id, position, item_name, item_type, amount, quantity, total)
     select id, $2, 0, 'Tourist visa application', 'Online', 149, 1, 149 from unnest($1::uuid[]) as id`,
    [ids, serviceId],
  );
  return ids;
}

/** A Manager's token (staff), valid for the whole test. */
/** An order placed, as orders publishes it on orders.order.v1 (a full OrderCreatedData in its envelope). */
export const orderCreatedMessage = (orderId: string) => ({
  key: orderId,
  value: JSON.stringify({
    specversion: '1.0',
    id: randomUUID(),
    type: 'created',
    source: 'orders',
    time: new Date().toISOString(),
    subject: orderId,
    datacontenttype: 'application/json',
    data: {
      orderId,
      userId: null,
      name: 'Ada Client',
      phone: '+1 212 555 0100',
      email: 'ada@example.com',
      amount: 149,
      discount: 0,
      tax: 0,
      shippingFee: 0,
      items: [{ itemId: 7, itemName: 'Passport renewal', quantity: 1, total: 149 }],
      createdDate: new Date().toISOString(),
    },
  }),
});

export const managerToken = (name = 'Maya Manager') => signToken({ roles: ['Manager'], sub: randomUUID(), name, expiresIn: 3600 });

export interface CallResult {
  /** HTTP status, or the network error when no answer came. */
  status: number | 'network';
  body?: Record<string, unknown>;
  contentType?: string;
  ms: number;
}

/** One JSON call; a refused, reset or cut connection is `network` (its outcome unknown to the caller). */
export async function call(url: string, path: string, token: string, json?: unknown, timeoutMs = 20_000): Promise<CallResult> {
  const started = Date.now();
  try {
    const response = await fetch(`${url}${path}`, {
      method: json === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let body: Record<string, unknown> | undefined;
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    } catch {
      body = { text };
    }
    return { status: response.status, body, contentType: response.headers.get('content-type') ?? '', ms: Date.now() - started };
  } catch {
    return { status: 'network', ms: Date.now() - started };
  }
}

export const kafkaClient = () =>
  new Kafka({ clientId: `faults-${randomUUID().slice(0, 8)}`, brokers: kafkaBrokers().split(','), logLevel: logLevel.NOTHING });

/** Deletes the topics a test created under its own prefix (best effort: the broker is shared). */
export async function deleteTopics(prefix: string): Promise<void> {
  const admin = kafkaClient().admin();
  try {
    await admin.connect();
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(prefix));
    if (topics.length) await admin.deleteTopics({ topics, timeout: 10_000 });
  } catch {
    /* the broker may be away; the topics are small */
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

/** deploy/local/infra.mjs kafka-stop | kafka-start (its stopKafka / startKafka) on the shared local broker. */
export function kafkaControl(action: 'kafka-stop' | 'kafka-start'): Promise<void> {
  return new Promise((done, fail) => {
    execFile(process.execPath, [join(ROOT, 'deploy/local/infra.mjs'), action], { cwd: ROOT, timeout: 180_000 }, (error, _stdout, stderr) =>
      error ? fail(new Error(`${action} failed: ${stderr || error.message}`)) : done(),
    );
  });
}

/**
 * Stops the shared local broker for a fault test. Another test may have it stopped right now (the outbox
 * test does the same): wait for it to be back first, and try again if the stop still finds it gone.
 */
export async function stopSharedKafka(): Promise<void> {
  const [host, port] = kafkaBrokers().split(',')[0].split(':');
  for (let attempt = 1; ; attempt++) {
    const deadline = Date.now() + 180_000;
    while (!(await portOpen(host, Number(port)))) {
      if (Date.now() > deadline) throw new Error('Kafka did not come back (stopped by another test?)');
      await sleep(500);
    }
    try {
      await kafkaControl('kafka-stop');
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      await sleep(1000);
    }
  }
}

/** Percentile of a list of numbers (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Child processes of a test must not outlive it, even when jest tears it down early. */
export function killOnExit(processes: () => (ServiceProcess | ChildProcess | undefined)[]): () => void {
  const handler = () => {
    for (const p of processes()) {
      if (!p) continue;
      if ('running' in p) {
        if (p.running() && p.pid) process.kill(p.pid, 'SIGKILL');
      } else if (p.exitCode === null && p.pid) p.kill('SIGKILL');
    }
  };
  process.once('exit', handler);
  return () => process.off('exit', handler);
}
