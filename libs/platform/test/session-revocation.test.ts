import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { closeRedis, revokeSessions, SessionRevocations, UnavailableError } from '@backoffice/platform';

/**
 * Ended sessions on real Redis, as three processes would hold them: each its own SessionRevocations
 * with its own connections. A request asks memory while the subscription is live; an ending reaches
 * every process within 100 ms; while a subscription is down the process asks Redis, and with Redis
 * gone it answers 503 rather than trusting memory.
 */
const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const open: Redis[] = [];
const lists: SessionRevocations[] = [];

function connection(target = url, options: ConstructorParameters<typeof Redis>[1] = {}): Redis {
  const redis = new Redis(target, { maxRetriesPerRequest: 1, ...options });
  open.push(redis);
  return redis;
}

async function process_(): Promise<{ redis: Redis; list: SessionRevocations }> {
  const redis = connection();
  const list = new SessionRevocations(redis);
  lists.push(list);
  await list.start();
  return { redis, list };
}

const waitFor = async (check: () => Promise<boolean> | boolean, ms = 5000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

afterAll(async () => {
  for (const list of lists) await list.stop();
  await Promise.all(open.map(closeRedis));
});

it('loads the endings made before it started and answers from memory, without asking Redis', async () => {
  const writer = connection();
  const earlier = randomUUID();
  await revokeSessions(writer, [earlier]);
  const { redis, list } = await process_();
  expect(list.isLive).toBe(true);
  const sent = jest.spyOn(redis, 'zscore');
  expect(await list.isRevoked(earlier)).toBe(true);
  expect(await list.isRevoked(randomUUID())).toBe(false);
  expect(sent).not.toHaveBeenCalled();
});

// A timing bound on a shared, busy machine: the typical delay must be small, and none may pass the 1 s wait.
it('reaches every process at once: median under 100 ms, none later than 1 s', async () => {
  const processes = await Promise.all([process_(), process_(), process_()]);
  const writer = connection();
  const delays: number[] = [];
  for (let round = 0; round < 20; round++) {
    const sid = randomUUID();
    const started = performance.now();
    await revokeSessions(writer, [sid]);
    await Promise.all(
      processes.map(async ({ list }) => {
        await waitFor(() => list.isRevoked(sid), 1000);
        delays.push(performance.now() - started);
      }),
    );
  }
  delays.sort((a, b) => a - b);
  const worst = delays[delays.length - 1];
  const median = delays[30];
  process.stdout.write(`revocation reached 3 processes × 20 endings: median ${median.toFixed(2)} ms, worst ${worst.toFixed(2)} ms\n`);
  expect(delays).toHaveLength(60);
  expect(median).toBeLessThan(100);
});

it('asks Redis while its subscription is down, and misses no ending announced meanwhile', async () => {
  const { list } = await process_();
  const admin = connection();
  // Every subscriber connection is cut: the process notices, and an ending announced now reaches no subscription.
  await admin.client('KILL', 'TYPE', 'pubsub');
  await waitFor(() => !list.isLive, 2000);
  const sid = randomUUID();
  await revokeSessions(admin, [sid]);
  expect(await list.isRevoked(sid)).toBe(true);
  // Once subscribed again, the list is loaded again and holds it.
  await waitFor(() => list.isLive);
  expect(await list.isRevoked(sid)).toBe(true);
});

it('fails closed with 503 when neither its memory nor Redis can tell', async () => {
  const gone = connection('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, lazyConnect: true, retryStrategy: () => null });
  const list = new SessionRevocations(gone);
  lists.push(list);
  await list.start();
  expect(list.isLive).toBe(false);
  await expect(list.isRevoked(randomUUID())).rejects.toBeInstanceOf(UnavailableError);
});
