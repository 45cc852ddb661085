import { Client } from 'pg';
import { pgServerUrl } from '@backoffice/platform/testing';
import { call, managerToken, OrdersUnderTest, percentile, query, sleep, uniquePrefix, type CallResult } from './fault-kit';
import { recordFigure } from './figures';

/**
 * PostgreSQL connections of the orders service cut (pg_terminate_backend) while reads and writes flow, once on
 * their own and once with the database refusing connections for a while: requests answer 503 problem+json,
 * never a 500 or a dropped connection, and succeed again within seconds, with the same process (no restart).
 * Every write that was acknowledged is in the database once.
 */
const CLIENT_SERVICES = 40;
const LOOPS = 6;
const AWAY_MS = 3000;

const run = new OrdersUnderTest('pg_cut', uniquePrefix('pgcut'));
let admin: Client;

beforeAll(async () => {
  await run.start();
  admin = new Client({ connectionString: pgServerUrl() });
  await admin.connect();
}, 180_000);

afterAll(async () => {
  await admin?.query(`alter database "${run.database.name}" allow_connections true`).catch(() => undefined);
  await admin?.end();
  await run.stop('SIGTERM');
}, 60_000);

interface Outcome extends CallResult {
  at: number;
  write: boolean;
  note?: string;
}

it('answers 503 problem+json while its database connections are cut, and recovers by itself within seconds', async () => {
  const { orders, database } = run;
  const token = managerToken();
  const ids = await run.submitClientServices(CLIENT_SERVICES, token);
  const pid = orders.pid;

  // The load: each loop alternates a read of a client service and a write (a note on it).
  const outcomes: Outcome[] = [];
  let stop = false;
  let n = 0;
  const loops = Array.from({ length: LOOPS }, async (_, loop) => {
    for (let i = 0; !stop; i++) {
      const id = ids[(loop * 7 + i) % ids.length];
      if (i % 2 === 0) {
        outcomes.push({
          ...(await call(orders.url, `/api/client-services/${id}`, token, undefined, 15_000)),
          at: Date.now(),
          write: false,
        });
      } else {
        const note = `load ${++n}`;
        const result = await call(orders.url, '/api/ServiceTransaction', token, { clientServiceId: id, status: 'Created', note }, 15_000);
        outcomes.push({ ...result, at: Date.now(), write: true, note });
      }
    }
  });

  const cut = () =>
    admin.query('select count(pg_terminate_backend(pid)) as cut from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
      database.name,
    ]);
  /** Time from `since` until a run of 20 answers in a row are all 200. */
  const recovery = async (since: number) => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const after = outcomes.filter((o) => o.at > since);
      const firstOk = after.findIndex(
        (o, i) => after.slice(i, i + 20).length === 20 && after.slice(i, i + 20).every((x) => x.status === 200),
      );
      if (firstOk >= 0) return after[firstOk].at - since;
      await sleep(50);
    }
    const after = outcomes.filter((o) => o.at > since);
    const seen = after.map((o) => `${o.status}${o.status === 200 ? '' : ` ${String(o.body?.detail ?? '')}`} ${o.ms}ms`);
    throw new Error(
      `the service did not recover within 30 s (${orders.running() ? 'running' : 'exited'}: ${orders.output().slice(-2000)}): ${[...new Set(seen)].slice(0, 20).join('; ')} (${after.length} answers)`,
    );
  };

  try {
    await sleep(2000); // warm, steady load

    // 1. Connections cut once (PostgreSQL itself stays up).
    const cutAt = Date.now();
    const { rows } = await cut();
    const cutOnlyRecovery = await recovery(cutAt);

    // 2. Connections cut and the database away for a while.
    await admin.query(`alter database "${database.name}" allow_connections false`);
    const awayAt = Date.now();
    await cut();
    while (Date.now() - awayAt < AWAY_MS) {
      await cut(); // whatever the pool manages to open is cut too
      await sleep(250);
    }
    const awayOutcomes = outcomes.filter((o) => o.at > awayAt + 500);
    const ready = await fetch(`${orders.url}/health/ready`).then((r) => r.status);
    const backAt = Date.now();
    await admin.query(`alter database "${database.name}" allow_connections true`);
    const awayRecovery = await recovery(backAt);
    await sleep(1000);
    stop = true;
    await Promise.all(loops);

    // While away: every answer was a 503 problem+json, never a 500 or a dropped connection.
    expect(Number(rows[0].cut)).toBeGreaterThan(0);
    expect(ready).toBe(503);
    const during = awayOutcomes.filter((o) => o.at <= backAt);
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((o) => o.status === 503)).toBe(true);
    // Anything but a 200 is a 503 problem+json.
    const notProblems = outcomes.filter(
      (o) => o.status !== 200 && !(o.status === 503 && /application\/problem\+json/.test(o.contentType ?? '') && o.body?.status === 503),
    );
    expect(notProblems.map(({ status, body, write }) => ({ status, body, write }))).toEqual([]);
    expect(outcomes.filter((o) => o.status === 'network' || o.status === 500)).toEqual([]);
    expect(awayRecovery).toBeLessThan(10_000);
    expect(cutOnlyRecovery).toBeLessThan(10_000);
    expect(orders.running()).toBe(true);
    expect(orders.pid).toBe(pid); // the same process throughout
    expect((await fetch(`${orders.url}/health/ready`)).status).toBe(200);

    // Every acknowledged write is stored once; a refused one at most once (it may have committed as the connection went).
    const stored = await query<{ note: string; count: string }>(
      database.url,
      `select note, count(*) from service_transactions where note like 'load %' group by note`,
    );
    const count = new Map(stored.map((r) => [r.note, Number(r.count)]));
    const writes = outcomes.filter((o) => o.write);
    expect(writes.filter((o) => o.status === 200 && count.get(o.note!) !== 1)).toEqual([]);
    expect(writes.filter((o) => o.status !== 200 && (count.get(o.note!) ?? 0) > 1)).toEqual([]);
    expect(stored.every((r) => Number(r.count) === 1)).toBe(true);

    const duringCut = outcomes.filter((o) => o.at >= cutAt && o.at <= cutAt + cutOnlyRecovery);
    recordFigure('PostgreSQL connections cut under load', 'requests answered (reads and writes, 6 clients)', outcomes.length, 'requests');
    recordFigure('PostgreSQL connections cut under load', 'answers other than 200 or 503 problem+json', 0, 'requests');
    recordFigure(
      'PostgreSQL connections cut under load',
      'cut only: 503 answers',
      duringCut.filter((o) => o.status === 503).length,
      'requests',
    );
    recordFigure('PostgreSQL connections cut under load', 'cut only: back to steady 200s', cutOnlyRecovery, 'ms');
    recordFigure('PostgreSQL connections cut under load', 'database away: slowest 503', Math.max(...during.map((o) => o.ms)), 'ms');
    recordFigure(
      'PostgreSQL connections cut under load',
      'database away: median 503',
      percentile(
        during.map((o) => o.ms),
        50,
      ),
      'ms',
    );
    recordFigure('PostgreSQL connections cut under load', 'database back: to steady 200s', awayRecovery, 'ms');
  } finally {
    stop = true;
    await Promise.all(loops);
  }
}, 180_000);
