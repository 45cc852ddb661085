/**
 * Faults that only containers can make, on the product as compose runs it (compose.test.ts runs them on its project,
 * after its own checks, so the product is brought up once): a Kafka broker that hangs (`docker pause`,
 * not one that refuses connections), a service cut from PostgreSQL's network and joined again (a partition), and
 * `docker kill` of a service and of the leads worker in the middle of their work. Each says what was in flight, shows
 * that nothing was lost and nothing doubled, and records how long recovery took (tests/reliability/RESULTS.md).
 */
import { randomUUID } from 'node:crypto';
import * as compose from 'docker-compose';
import { recordFigure } from '../reliability/figures';
import {
  apiClientToken,
  call,
  docker,
  eventually,
  importLeads,
  leadSheet,
  orderBody,
  orderWithClientService,
  startReceiver,
  type Product,
  type ReceivedWebhook,
} from './compose-kit';

const TEST = 'containers: faults';
let product: Product;
let admin: string;
let storefront: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

const seconds = (since: number) => Math.round((Date.now() - since) / 100) / 10;

const orderWithService = () => orderWithClientService(product.url, storefront, admin);

const changeStatus = (clientServiceId: string, status: string) =>
  call<{ success: boolean; message: string }>(product.url, admin, '/api/ServiceTransaction', {
    json: { clientServiceId, status, note: '' },
  });

/** The webhooks received about `subject`, one per event (a redelivery carries the same webhook-id). */
interface CloudEvent {
  subject?: string;
  source?: string;
  type?: string;
  data?: { to?: string };
}
async function eventsAbout(subject: string): Promise<{ events: { id: string; body: CloudEvent }[]; deliveries: ReceivedWebhook[] }> {
  const deliveries = (await receiver.received()).filter((w) => w.body.includes(subject));
  const byId = new Map<string, CloudEvent>();
  for (const w of deliveries) byId.set(w.headers['webhook-id'], JSON.parse(w.body));
  return { events: [...byId].map(([id, body]) => ({ id, body })), deliveries };
}

async function waitHealthy(service: string, timeoutMs = 180_000) {
  await eventually(
    timeoutMs,
    async () => (await product.ps()).find((c) => c.Service === service && c.State === 'running' && c.Health === 'healthy'),
    `${service} healthy again`,
  );
}

/** Registers the fault tests on the product `current()` answers (up by then). */
export function faultsOn(current: () => Product) {
  describe('faults on the containers', () => {
    beforeAll(async () => {
      product = current();
      admin = await product.adminToken();
      storefront = await apiClientToken(product.url, admin, ['orders:write', 'webhooks:manage']);
      receiver = await startReceiver(product.network, 'faults-receiver');
      await call(product.url, storefront, '/api/webhooks/subscriptions', {
        json: { url: 'http://faults-receiver:8080/hook', eventTypes: ['orders.client-service.v1', 'orders.order.v1'] },
      });
    });

    afterAll(async () => {
      await receiver?.container.stop().catch(() => {});
    });

    it('a hung Kafka broker (docker pause): the API keeps answering, and every event is delivered once, in order, after', async () => {
      const { clientServiceId } = await orderWithService();
      await compose.pauseOne('kafka', product.cli);
      const pausedAt = Date.now();
      const answered: number[] = [];
      try {
        // In flight while the broker hangs: two status changes (their events wait in the outbox) and three orders.
        expect((await changeStatus(clientServiceId, 'Verified')).success).toBe(true);
        expect((await changeStatus(clientServiceId, 'Filled')).success).toBe(true);
        for (let i = 0; i < 3; i++) {
          const t0 = Date.now();
          await call(product.url, storefront, '/api/orders', { json: orderBody(randomUUID()) });
          answered.push(Date.now() - t0);
        }
        await new Promise((r) => setTimeout(r, Math.max(0, 20_000 - (Date.now() - pausedAt))));
      } finally {
        await compose.unpauseOne('kafka', product.cli);
      }
      const unpausedAt = Date.now();
      const { events } = await eventually(
        180_000,
        async () => {
          const got = await eventsAbout(clientServiceId);
          return got.events.filter((e) => /Verified|Filled/.test(JSON.stringify(e.body.data))).length >= 2 ? got : undefined;
        },
        'the status events after the broker came back',
      );
      const statuses = events.map((e) => e.body.data?.to).filter((s) => s === 'Verified' || s === 'Filled');
      expect(statuses).toEqual(['Verified', 'Filled']);
      recordFigure(TEST, 'Kafka paused 20 s: slowest of 3 orders taken during the pause', Math.max(...answered), 'ms');
      recordFigure(TEST, 'Kafka paused 20 s: events delivered after unpause within', seconds(unpausedAt), 's');
    });

    it('orders cut from PostgreSQL’s network and joined again: refused while cut, then exactly one of each order', async () => {
      const before = randomUUID();
      await call(product.url, storefront, '/api/orders', { json: orderBody(before) });
      const orders = product.container('orders');
      docker('network', 'disconnect', `${product.project}_data`, orders);
      const cutAt = Date.now();
      const during = randomUUID();
      let refusedStatus = 0;
      let refusedAfterMs = 0;
      try {
        await new Promise((r) => setTimeout(r, 2000));
        const t0 = Date.now();
        refusedStatus = await call(product.url, storefront, '/api/orders', { json: orderBody(during) }).then(
          () => 201,
          (error: { status?: number }) => error.status ?? 0,
        );
        refusedAfterMs = Date.now() - t0;
      } finally {
        docker('network', 'connect', `${product.project}_data`, orders);
      }
      const joinedAt = Date.now();
      // The same id again, as a storefront retries: taken once.
      await eventually(120_000, () => call(product.url, storefront, '/api/orders', { json: orderBody(during) }), 'the retried order');
      const recovered = seconds(joinedAt);
      await call(product.url, storefront, '/api/orders', { json: orderBody(during) });
      for (const id of [before, during]) expect((await call<{ id: string }>(product.url, admin, `/api/orders/${id}`)).id).toBe(id);
      const list = await call<{ id: string }[] | { items: { id: string }[] }>(product.url, admin, `/api/orders?search=${during}`);
      const items = Array.isArray(list) ? list : list.items;
      expect(items.filter((o) => o.id === during)).toHaveLength(1);
      expect(refusedStatus).toBeGreaterThanOrEqual(500);
      recordFigure(TEST, 'orders cut from PostgreSQL: an order sent while cut was refused after', refusedAfterMs, 'ms');
      recordFigure(TEST, 'orders cut from PostgreSQL: the retried order taken after rejoining within', recovered, 's');
      recordFigure(TEST, 'orders cut from PostgreSQL: partition lasted', seconds(cutAt) - recovered, 's');
    });

    it('docker kill of orders mid-traffic: every order exists once, every event arrives once', async () => {
      const ids = Array.from({ length: 12 }, () => randomUUID());
      const failed: string[] = [];
      let killedAt = 0;
      for (const [i, id] of ids.entries()) {
        if (i === 4) {
          await compose.execCompose('kill', ['orders'], product.cli);
          killedAt = Date.now();
        }
        await call(product.url, storefront, '/api/orders', { json: orderBody(id) }).catch(() => failed.push(id));
      }
      expect(failed.length).toBeGreaterThan(0); // the kill did land in the traffic
      await compose.upOne('orders', product.cli);
      await waitHealthy('orders');
      const recovered = seconds(killedAt);
      for (const id of failed)
        await eventually(60_000, () => call(product.url, storefront, '/api/orders', { json: orderBody(id) }), 'a retried order');
      for (const id of ids) expect((await call<{ id: string }>(product.url, admin, `/api/orders/${id}`)).id).toBe(id);
      // One orders.order.v1 event per order: a redelivery after the kill carries the same webhook-id.
      for (const id of ids) {
        const { events } = await eventually(
          120_000,
          async () => ((await eventsAbout(id)).events.length ? eventsAbout(id) : undefined),
          `the event of ${id}`,
        );
        expect({
          id,
          events: events.filter((e) => String(e.body.source ?? '').includes('order') && e.body.subject?.includes(id)).length,
        }).toEqual({ id, events: 1 });
      }
      recordFigure(
        TEST,
        'orders killed: orders refused while it was down (each retried with its id, stored once)',
        failed.length,
        'orders',
      );
      recordFigure(TEST, 'orders killed: healthy again after docker compose up', recovered, 's');
    });

    it('docker kill of the leads worker mid-import: the import finishes with every row once', async () => {
      const rows = 150_000;
      const jobId = await importLeads(product.url, admin, await leadSheet(rows, 5_000_000), 'worker kill.xlsx');
      await eventually(
        120_000,
        async () => {
          const job = await call<{ state: string; progress: number }>(product.url, admin, `/api/leads/jobs/${jobId}`);
          return job.state === 'active' && job.progress > 0 ? job : undefined;
        },
        'the import under way',
      );
      await compose.execCompose('kill', ['crm-worker'], product.cli);
      const killedAt = Date.now();
      const killedJob = await call<{ state: string; progress: number }>(product.url, admin, `/api/leads/jobs/${jobId}`);
      await compose.upOne('crm-worker', product.cli);
      const job = await eventually(
        600_000,
        async () => {
          const state = await call<{ state: string; result?: { imported: number; groupId: number } }>(
            product.url,
            admin,
            `/api/leads/jobs/${jobId}`,
          );
          if (state.state === 'failed') throw new Error(`the import failed: ${JSON.stringify(state)}`);
          return state.state === 'completed' ? state : undefined;
        },
        'the import after the worker came back',
      );
      expect(job.result?.imported).toBe(rows);
      const group = job.result!.groupId;
      const page = await call<{ recordsTotal: number }>(product.url, admin, `/api/leads/groups/${group}/leads?draw=1&start=0&length=1`);
      expect(page.recordsTotal).toBe(rows);
      recordFigure(TEST, `leads worker killed at ${killedJob.progress}% of ${rows} rows: import completed after`, seconds(killedAt), 's');
    });
  });
}
