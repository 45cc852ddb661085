import { MikroORM } from '@mikro-orm/core';
import { Client } from 'pg';
import { OutboxRelay, OutboxService, topicName } from '@backoffice/platform';
import type { TestService } from '@backoffice/platform/testing';
import { relayReplica, startPlatformService, testKafka } from './platform-test-service';

/**
 * Two live relay replicas on one service database, as two processes of a service would run them: each with its
 * own database session and Kafka producer. One publishes (it holds the outbox's advisory lock), the other stands by.
 * The publisher's database session is cut, then the publisher stops: each time a replica publishes again within
 * seconds, and every event written meanwhile reaches Kafka, in order per key; the standby publishes nothing while
 * the other holds the lock.
 */
const TOPIC = 'platform.failover-test.v1';
const EVENTS = 600;
const KEYS = 6;
/** The outbox relay's advisory lock key (outbox.relay.ts): its holder is the one replica that publishes. */
const LOCK_KEY = 0x0b0c_0ff1;

let service: TestService;
let second: OutboxRelay | undefined;

beforeAll(async () => {
  service = await startPlatformService({ topics: [{ name: TOPIC }], pollMs: 200, batchSize: 50 });
});

afterAll(async () => {
  await second?.onApplicationShutdown();
  await service?.close();
});

/** Runs `wait` from now, answering how long it took. */
const timed = async (wait: () => Promise<void>): Promise<number> => {
  const started = Date.now();
  await wait();
  return Date.now() - started;
};

const waitFor = async (check: () => boolean | Promise<boolean>, ms: number, what: string, state: () => unknown = () => '') => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms} ms ${JSON.stringify(await state())}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

it('fails over between two live replicas: the lock passes on a cut session and on a stop, and every event reaches Kafka', async () => {
  const orm = service.app.get(MikroORM);
  const outbox = service.app.get(OutboxService);
  const first = service.app.get(OutboxRelay);
  const pg = new Client({ connectionString: service.databaseUrl });
  pg.on('error', () => undefined); // cut when the test database is dropped after a failure
  await pg.connect();
  const holder = async () =>
    (
      await pg.query<{ pid: number }>(
        "select pid from pg_locks where locktype = 'advisory' and classid = 0 and objid = $1 and objsubid = 1 and granted " +
          'and database = (select oid from pg_database where datname = current_database())',
        [LOCK_KEY],
      )
    ).rows.map((r) => r.pid);
  const unpublished = async () =>
    Number((await pg.query<{ count: string }>('select count(*) from outbox where published_at is null')).rows[0].count);
  let written = 0;
  const write = async (count: number) => {
    for (let i = 0; i < count; i++, written++) {
      await orm.em.fork().transactional(async (em) => {
        outbox.add(em, { topic: TOPIC, type: 'tick', subject: `key-${written % KEYS}`, data: { n: written } });
      });
    }
  };

  // The service's own relay publishes; a second replica starts beside it and stands by.
  await waitFor(() => first.isLeader, 20_000, 'the first replica taking the outbox');
  second = relayReplica(service);
  second.onApplicationBootstrap();
  await write(EVENTS / 3);
  await waitFor(async () => (await unpublished()) === 0, 30_000, 'the first third being published');
  expect(second.isLeader).toBe(false);
  expect(second.published).toBe(0);
  expect(await holder()).toHaveLength(1);

  // The publisher's database session is cut (its server process ended): the lock is free, a replica takes it.
  const [cut] = await holder();
  await pg.query('select pg_terminate_backend($1)', [cut]);
  const afterCut = timed(() =>
    waitFor(async () => (await holder()).some((pid) => pid !== cut), 20_000, 'a replica taking the lock after the cut'),
  );
  await write(EVENTS / 3);
  const afterCutMs = await afterCut;
  await waitFor(async () => (await unpublished()) === 0, 30_000, 'the second third being published');

  // Whichever publishes now stops (its process going away): the other takes over.
  const [publisher, standby] = first.isLeader ? [first, second] : [second, first];
  expect(standby.isLeader).toBe(false);
  const standbyBefore = standby.published;
  await publisher.onApplicationShutdown();
  const afterStop = timed(() => waitFor(() => standby.isLeader, 20_000, 'the standby taking over after the stop'));
  await write(EVENTS / 3);
  const afterStopMs = await afterStop;
  await waitFor(
    async () => (await unpublished()) === 0,
    60_000,
    'the last third being published',
    async () => ({
      publisherWas: publisher === first ? 'first' : 'second',
      standbyLeads: standby.isLeader,
      standbyPublished: standby.published - standbyBefore,
      unpublished: await unpublished(),
      holders: await holder(),
    }),
  );
  expect(standby.published - standbyBefore).toBeGreaterThanOrEqual(EVENTS / 3);
  // A standby asks for the lock every 2 s: a take-over is that wait plus a round trip (10 s allows for a busy
  // machine), not a restart of anything.
  expect(afterCutMs).toBeLessThan(10_000);
  expect(afterStopMs).toBeLessThan(10_000);

  // Kafka has every event, each key's in the order written.
  const consumer = testKafka('failover-test').consumer({ groupId: `failover-${Date.now()}` });
  await consumer.connect();
  await consumer.subscribe({ topic: topicName(TOPIC), fromBeginning: true });
  const seen = new Set<number>();
  const lastByKey = new Map<string, number>();
  let outOfOrder = 0;
  await consumer.run({
    eachMessage: async ({ message }) => {
      const event = JSON.parse(message.value!.toString()) as { subject: string; data: { n: number } };
      if (seen.has(event.data.n)) return; // a batch re-sent after the cut (at least once)
      seen.add(event.data.n);
      if (event.data.n < (lastByKey.get(event.subject) ?? -1)) outOfOrder++;
      lastByKey.set(event.subject, event.data.n);
    },
  });
  await waitFor(() => seen.size >= EVENTS, 60_000, 'every event reaching the consumer');
  await consumer.disconnect();
  await pg.end();
  expect(seen.size).toBe(EVENTS);
  expect(outOfOrder).toBe(0);
}, 180_000);
