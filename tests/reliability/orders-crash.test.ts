import {
  call,
  clientServicesFor,
  managerToken,
  OrdersUnderTest,
  percentile,
  query,
  seedOrders,
  sleep,
  STATUS_STEPS,
  statusesOf,
  uniquePrefix,
} from './fault-kit';
import { recordFigure } from './figures';

/**
 * The orders service SIGKILLed at random moments while staff make 1,000 status changes through its API
 * (clients retry what was cut, as the console's user would): afterwards every committed status change
 * has exactly one outbox row, and every outbox row belongs to a committed change; the same for the audit log.
 */
const CHANGES = 1000;
const CLIENT_SERVICES = clientServicesFor(CHANGES);
const LOOPS = 8;

const run = new OrdersUnderTest('orders_crash', uniquePrefix('crash'));
beforeAll(() => run.start(), 180_000);
afterAll(() => run.stop('SIGKILL'), 60_000);

it('keeps the outbox and the transactions in step across SIGKILLs at random moments during 1,000 status changes', async () => {
  const { orders, database } = run;
  const orderIds = await seedOrders(database.url, CLIENT_SERVICES);
  const token = managerToken();

  // The service is up, or coming back: callers whose request was cut wait for this, then retry.
  let up: Promise<void> = Promise.resolve();
  let done = false;
  let killerError: Error | undefined;
  const stats = { requests: 0, answered: 0, cut: 0, cutButCommitted: 0, changesByThisAttempt: 0 };

  /** Sends until an answer comes; a cut request is sent again once the service is back. */
  async function send(path: string, body: unknown): Promise<{ body: Record<string, unknown>; afterCut: boolean }> {
    let afterCut = false;
    for (let attempt = 0; attempt < 30; attempt++) {
      stats.requests++;
      const result = await call(orders.url, path, token, body);
      if (result.status === 200) {
        stats.answered++;
        return { body: result.body!, afterCut };
      }
      if (result.status !== 'network') throw new Error(`${path}: ${result.status} ${JSON.stringify(result.body)}`);
      stats.cut++;
      afterCut = true;
      await up;
      if (killerError) throw killerError;
      await sleep(50);
    }
    throw new Error(`${path}: no answer after 30 attempts`);
  }

  const steps: { orderId: string; statuses: string[] }[] = orderIds.map((orderId, i) => ({
    orderId,
    statuses: statusesOf(i, CHANGES),
  }));
  let next = 0;
  const finalStatus = new Map<string, string>();
  const loop = async () => {
    while (next < steps.length) {
      const { orderId, statuses } = steps[next++];
      const submitted = await send('/api/client-services/submit', { orderId, itemId: 7 });
      const id = submitted.body.clientServiceId as string;
      expect(typeof id).toBe('string');
      for (const status of statuses) {
        const { body, afterCut } = await send('/api/ServiceTransaction', { clientServiceId: id, status, note: `to ${status}` });
        expect(body.success).toBe(true);
        if (String(body.message).startsWith('Status changed')) stats.changesByThisAttempt++;
        else if (afterCut && String(body.message).startsWith('Note added'))
          stats.cutButCommitted++; // the cut attempt had committed
        else throw new Error(`unexpected answer: ${JSON.stringify(body)}`);
      }
      finalStatus.set(id, statuses.at(-1)!);
    }
  };

  // The killer: SIGKILL after a random 200-380 answered requests and a random few ms more (so it lands at any
  // point of the requests in flight), restart, repeat until the work is done. Counting answers rather than time
  // keeps the number of kills the same on a slow machine, where each restart takes longer.
  const restarts: number[] = [];
  const pids = new Set<number>();
  const killer = (async () => {
    while (!done) {
      const target = stats.answered + 200 + Math.floor(Math.random() * 180);
      while (!done && stats.answered < target) await sleep(20);
      await sleep(Math.random() * 250);
      if (done) break;
      let back!: () => void;
      up = new Promise<void>((r) => (back = r));
      pids.add(orders.pid!);
      await orders.stop('SIGKILL');
      try {
        restarts.push(await orders.start());
      } catch (error) {
        killerError = error as Error;
        throw error;
      } finally {
        back();
      }
    }
  })();

  const started = Date.now();
  try {
    await Promise.all(Array.from({ length: LOOPS }, loop));
  } finally {
    done = true;
    await killer;
  }
  const elapsed = Date.now() - started;
  expect(restarts.length).toBeGreaterThanOrEqual(3);
  expect(pids.size).toBe(restarts.length);
  expect(stats.changesByThisAttempt + stats.cutButCommitted).toBe(CHANGES);

  // The database: committed status changes (a transaction whose status differs from the previous one) and outbox rows.
  const url = database.url;
  const [changes] = await query<{ count: string }>(url, 'select count(*) from service_transactions where status <> previous_status');
  expect(Number(changes.count)).toBe(CHANGES);
  const duplicates = await query(
    url,
    `select payload->'data'->>'transactionId' as transaction_id, count(*) from outbox where type = 'status-changed'
     group by 1 having count(*) > 1`,
  );
  expect(duplicates).toEqual([]);
  const changesWithoutEvent = await query(
    url,
    `select t.id from service_transactions t
     where t.status <> t.previous_status
       and not exists (select 1 from outbox o where o.type = 'status-changed' and o.payload->'data'->>'transactionId' = t.id::text)`,
  );
  expect(changesWithoutEvent).toEqual([]);
  // Every event names a committed change, with the same statuses (a note, or a rolled-back change, has none).
  const eventsWithoutChange = await query(
    url,
    `select o.seq from outbox o
     where o.type = 'status-changed'
       and not exists (select 1 from service_transactions t
                       where t.id::text = o.payload->'data'->>'transactionId' and t.status <> t.previous_status
                         and t.previous_status = o.payload->'data'->>'from' and t.status = o.payload->'data'->>'to'
                         and t.client_service_id::text = o.key)`,
  );
  expect(eventsWithoutChange).toEqual([]);
  const [events] = await query<{ count: string }>(url, `select count(*) from outbox where type = 'status-changed'`);
  expect(Number(events.count)).toBe(CHANGES);

  // The audit log, written with each change: every transaction (a status change or a note) has exactly one audit
  // event naming it, and every audit event of a transaction names a committed one: both or neither, whenever the kill came.
  const [audit] = await query<{ missing: string; orphans: string; twice: string }>(
    url,
    `with audited as (
       select c->>'recordId' as id from outbox o, jsonb_array_elements(o.payload->'data'->'changes') c
       where o.topic like '%audit.action.v1' and c->>'entityType' = 'ServiceTransaction' and c->>'action' = 'created')
     select (select count(*) from service_transactions t where not exists (select 1 from audited a where a.id = t.id::text)) as missing,
            (select count(*) from audited a where not exists (select 1 from service_transactions t where t.id::text = a.id)) as orphans,
            (select count(*) from (select id from audited group by id having count(*) > 1) d) as twice`,
  );
  expect(audit).toEqual({ missing: '0', orphans: '0', twice: '0' });

  // Submissions too: one client service per order, one `submitted` event each.
  const submissions = await query<{ services: string; events: string; matched: string }>(
    url,
    `select (select count(*) from client_services) as services,
            (select count(*) from outbox where type = 'submitted') as events,
            (select count(distinct o.key) from outbox o join client_services c on c.id::text = o.key where o.type = 'submitted') as matched`,
  );
  expect(submissions[0]).toEqual({ services: String(CLIENT_SERVICES), events: String(CLIENT_SERVICES), matched: String(CLIENT_SERVICES) });

  // Each client service went Created → Verified → Filled → Completed once, and is where its last change left it.
  const chains = await query<{ id: string; status: string; chain: string }>(
    url,
    `select c.id, c.status, string_agg(t.previous_status || '>' || t.status, ',' order by t.date, t.id) as chain
     from client_services c join service_transactions t on t.client_service_id = c.id and t.status <> t.previous_status
     group by c.id, c.status`,
  );
  expect(chains).toHaveLength(CLIENT_SERVICES);
  for (const row of chains) {
    const statuses = [
      'Created',
      ...STATUS_STEPS.slice(0, STATUS_STEPS.indexOf(finalStatus.get(row.id) as (typeof STATUS_STEPS)[number]) + 1),
    ];
    expect(row.chain).toBe(
      statuses
        .slice(1)
        .map((to, i) => `${statuses[i]}>${to}`)
        .join(','),
    );
    expect(row.status).toBe(finalStatus.get(row.id));
  }

  // The relay of the last process publishes everything that waited (once Kafka is up: another fault test may
  // have the shared broker stopped right now).
  const deadline = Date.now() + 180_000;
  let unpublished = -1;
  while (Date.now() < deadline) {
    const [row] = await query<{ count: string }>(url, 'select count(*) from outbox where published_at is null');
    unpublished = Number(row.count);
    if (unpublished === 0) break;
    await sleep(500);
  }
  expect(unpublished).toBe(0);

  recordFigure('orders SIGKILL during 1,000 status changes', 'SIGKILLs (at random moments)', restarts.length, 'kills');
  recordFigure('orders SIGKILL during 1,000 status changes', 'requests cut by a kill (retried)', stats.cut, 'requests');
  recordFigure(
    'orders SIGKILL during 1,000 status changes',
    'cut requests that had committed (retry found it done)',
    stats.cutButCommitted,
    'requests',
  );
  recordFigure('orders SIGKILL during 1,000 status changes', 'outbox rows missing or extra', 0, 'rows');
  recordFigure('orders SIGKILL during 1,000 status changes', 'restart to ready, median', percentile(restarts, 50), 'ms');
  recordFigure('orders SIGKILL during 1,000 status changes', 'restart to ready, slowest', Math.max(...restarts), 'ms');
  recordFigure('orders SIGKILL during 1,000 status changes', 'whole run, kills and restarts included', elapsed, 'ms');
}, 420_000);
