import { MikroORM } from '@mikro-orm/core';
import { PostgreSqlDriver, type EntityManager } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { SharedCaches, type SharedCache } from '@backoffice/platform';
import { createTestDatabase } from '@backoffice/platform/testing';

/**
 * Two replicas of a service, each with its own MikroORM, SharedCaches and listener connection, on one
 * real PostgreSQL database: what one commits, the other stops serving from memory; while a replica's
 * listener is gone it serves nothing from memory.
 */
interface Replica {
  orm: MikroORM;
  caches: SharedCaches;
  names: SharedCache<string[]>;
  loads: number;
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: Client;
const replicas: Replica[] = [];

async function replica(): Promise<Replica> {
  const orm = await MikroORM.init({
    driver: PostgreSqlDriver,
    clientUrl: database.url,
    entities: [],
    discovery: { warnWhenNoEntities: false },
    allowGlobalContext: true,
    debug: false,
  });
  const caches = new SharedCaches(orm);
  caches.timings = { pingEveryMs: 200, pingTimeoutMs: 500, reconnectMs: 1_000 };
  const made = { orm, caches, loads: 0 } as Replica;
  made.names = caches.define('items', async () => {
    made.loads += 1;
    const rows = await orm.em.fork().execute<{ name: string }[]>('select name from items order by id');
    return rows.map((row) => row.name);
  });
  await caches.onApplicationBootstrap();
  replicas.push(made);
  return made;
}

/** Inserts through a replica, in a transaction that invalidates the cache. */
function insert(writer: Replica, name: string, beforeCommit?: (em: EntityManager) => Promise<void>): Promise<void> {
  return writer.orm.em.fork().transactional(async (em) => {
    await em.execute('insert into items (name) values (?)', [name]);
    await writer.caches.invalidate(em, 'items');
    await beforeCommit?.(em);
  });
}

async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  database = await createTestDatabase('shared_caches');
  sql = new Client({ connectionString: database.url });
  await sql.connect();
  await sql.query('create table items (id serial primary key, name text not null)');
});

afterAll(async () => {
  for (const r of replicas) {
    await r.caches.onApplicationShutdown();
    await r.orm.close();
  }
  await sql?.end();
  await database?.drop();
});

beforeEach(async () => {
  await sql.query('truncate items');
  for (const r of replicas) r.caches['dropAll']();
});

it('serves from memory, and drops it on every replica when a writing transaction commits, not before', async () => {
  const a = await replica();
  const b = await replica();
  expect(await a.names.get()).toEqual([]);
  expect(await a.names.get()).toEqual([]);
  expect(await b.names.get()).toEqual([]);
  expect(a.loads).toBe(1);

  // Not invalidated by a NOTIFY of a transaction still open.
  await insert(b, 'first', async () => {
    await sleep(200);
    expect(await a.names.get()).toEqual([]);
  });
  // The writer itself answers the change as soon as its commit returns.
  expect(await b.names.get()).toEqual(['first']);
  // The other replica once the notification arrives (it is sent at commit).
  await eventually(async () => (await a.names.get()).length === 1);
  expect(await a.names.get()).toEqual(['first']);
  expect(a.loads).toBe(2);
});

it('keeps the cache when the writing transaction rolls back', async () => {
  const [a, b] = replicas;
  expect(await a.names.get()).toEqual([]);
  const loads = a.loads;
  await expect(
    insert(b, 'rolled back', async () => {
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  await sleep(300);
  expect(await a.names.get()).toEqual([]);
  expect(await b.names.get()).toEqual([]);
  expect(a.loads).toBe(loads);
});

it('serves nothing from memory while its listener connection is lost, and caches again once it is back', async () => {
  const [a] = replicas;
  expect(await a.names.get()).toEqual([]);
  // A change nobody announces (a manual fix in psql) is not seen while the cache is trusted…
  await sql.query(`insert into items (name) values ('unannounced')`);
  expect(await a.names.get()).toEqual([]);

  // …but as soon as the listener is cut, every read goes to the database.
  await sql.query(
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'shared-cache-listener'`,
  );
  await eventually(() => !a.caches.listening);
  const loads = a.loads;
  expect(await a.names.get()).toEqual(['unannounced']);
  await sql.query(`insert into items (name) values ('second')`);
  expect(await a.names.get()).toEqual(['unannounced', 'second']);
  expect(a.loads).toBe(loads + 2);

  // Reconnected, it starts from an empty cache and keeps what it reads again.
  await eventually(() => a.caches.listening);
  expect(await a.names.get()).toEqual(['unannounced', 'second']);
  const after = a.loads;
  expect(await a.names.get()).toEqual(['unannounced', 'second']);
  expect(a.loads).toBe(after);
});

it('treats a listener that stops answering as lost', async () => {
  const [a] = replicas;
  await eventually(() => a.caches.listening);
  expect(await a.names.get()).toEqual([]);
  const listener = a.caches['listener'] as Client;
  // The connection stays open but its session is busy for longer than a check may take.
  void listener.query('select pg_sleep(2)').catch(() => undefined);
  await eventually(() => !a.caches.listening, 3_000);
  await sql.query(`insert into items (name) values ('while deaf')`);
  expect(await a.names.get()).toEqual(['while deaf']);
  await eventually(() => a.caches.listening);
});

it('counts an invalidation inside a nested transaction at the outer commit', async () => {
  const [a, b] = replicas;
  await eventually(() => a.caches.listening && b.caches.listening);
  expect(await b.names.get()).toEqual([]);
  await b.orm.em.fork().transactional(async (outer) => {
    await outer.transactional(async (inner) => {
      await inner.execute('insert into items (name) values (?)', ['nested']);
      await b.caches.invalidate(inner, 'items');
    });
    // Released savepoint, not yet committed: this replica still answers what is committed.
    expect(await b.names.get()).toEqual([]);
  });
  expect(await b.names.get()).toEqual(['nested']);
  await eventually(async () => (await a.names.get()).length === 1);
});
