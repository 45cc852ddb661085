/**
 * A rolling upgrade under load: the previous release (tests/containers/previous-release.txt) runs with two replicas
 * of every service (deploy/docker/compose.replicas.yml) while 50 connections read through the gateway and a
 * storefront keeps sending orders; then each service's first replica is replaced by today's image, and once those are
 * healthy, each second replica, in the order of docs/upgrading.md. Nothing may fail, and every order's event arrives exactly once. Today's migrations run
 * while the previous release still serves from the same databases, so they must only expand (add, never drop or
 * rename what the old code reads) until a later release contracts.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import * as compose from 'docker-compose';
import { recordFigure } from '../reliability/figures';
import {
  apiClientToken,
  call,
  docker,
  eventually,
  orderBody,
  previousReleaseImages,
  ROOT,
  startReceiver,
  upProduct,
  type Product,
} from './compose-kit';

jest.setTimeout(1_800_000);

const TEST = 'containers: rolling upgrade';
const REPLICATED = ['identity', 'catalogue', 'crm', 'crm-worker', 'orders', 'geography', 'scheduling', 'payments'];
const READS = [
  '/api/categories',
  '/api/countries',
  '/api/branches',
  '/api/orders?page=1&pageSize=20',
  '/api/leads/groups',
  '/api/identity/users',
];
let product: Product;

beforeAll(async () => {
  previousReleaseImages([...REPLICATED, 'gateway'], (line) => console.log(line));
  product = await upProduct('rolling', { BACKOFFICE_VERSION: 'previous' }, ['docker-compose.yml', 'deploy/docker/compose.replicas.yml']);
});

afterAll(async () => {
  await product?.down().catch(() => {});
});

/** The load generator in its own process until stopped; its totals. */
function startLoad(token: string, paths: string[]) {
  const child = spawn(process.execPath, [join(ROOT, 'tests/containers/load-child.mjs')], {
    env: { ...process.env, BASE_URL: product.url, TOKEN: token, CONNECTIONS: '50', PATHS: paths.join(',') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const done = new Promise<{ requests: number; non2xx: number; errors: number; timeouts: number; p99: number; refused: unknown[] }>(
    (resolve, reject) =>
      child.once('exit', () => {
        try {
          resolve(JSON.parse(out.trim().split('\n').at(-1)!));
        } catch {
          reject(new Error(`the load generator printed no totals: ${out}`));
        }
      }),
  );
  return { stop: () => (child.kill('SIGTERM'), done) };
}

/** Replaces `services` (one replica of each) with today's images, then waits until each is healthy again. */
async function replace(services: string[]) {
  const latest = { ...product.cli, env: { ...product.cli.env, BACKOFFICE_VERSION: 'latest' } };
  try {
    await compose.execCompose('up', ['-d', '--no-deps', ...services], latest);
    await eventually(
      300_000,
      async () => {
        const ps = await product.ps();
        return services.every((s) => ps.some((c) => c.Service === s && c.Image.endsWith(':latest') && c.Health === 'healthy'));
      },
      `${services.join(', ')} healthy on today's images`,
    );
  } catch (error) {
    const ps = await product.ps();
    const sick = ps.filter((c) => services.includes(c.Service) && c.Health !== 'healthy');
    const logs = sick.map((c) => `--- ${c.Name} (${c.State}, ${c.Health})\n${docker('logs', '--tail', '40', c.Name)}`);
    throw new Error(`${(error as Error).message ?? JSON.stringify(error)}\n${logs.join('\n')}`);
  }
}

it('replaces every replica with today’s image under load: 0 failed requests, every event once', async () => {
  // The front door goes first, before the load (one gateway here; a deployment rolls its gateways behind its load
  // balancer): the previous release's gateway answered 503 for a replica being replaced instead of asking the other.
  await replace(['gateway']);
  const admin = await product.adminToken();
  const storefront = await apiClientToken(product.url, admin, ['orders:write', 'webhooks:manage']);
  const receiver = await startReceiver(product.network);
  try {
    await call(product.url, storefront, '/api/webhooks/subscriptions', {
      json: { url: 'http://receiver:8080/hook', eventTypes: ['orders.order.v1'] },
    });
    // The seeded catalogue reaches orders' read model a moment after start.
    const first = randomUUID();
    await eventually(90_000, () => call(product.url, storefront, '/api/orders', { json: orderBody(first) }), 'a first order');

    const load = startLoad(admin, [...READS, `/api/orders/${first}/payments`]);
    const orders: string[] = [];
    const refusedOrders: string[] = [];
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const id = randomUUID();
        orders.push(id);
        await call(product.url, storefront, '/api/orders', { json: orderBody(id) }).catch(async (error: Error) => {
          refusedOrders.push(`${id}: ${error.message}`);
          // A storefront retries with the same id: the order is taken once.
          await eventually(120_000, () => call(product.url, storefront, '/api/orders', { json: orderBody(id) }), 'a retried order');
        });
        await new Promise((r) => setTimeout(r, 250));
      }
    })();

    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, 5000));
    // The order of docs/upgrading.md: payments, then orders (geography's lookup closed to the tokens earlier orders
    // sent), so that orders' roll meets payments that leave a silent orders replica for the other one; the worker
    // waits for its crm API (depends_on), so it follows in a step of its own.
    const leading = ['payments', 'orders'];
    const services = REPLICATED.filter((s) => s !== 'crm-worker' && !leading.includes(s));
    for (const service of leading) {
      await replace([service]);
      await replace([`${service}-2`]);
    }
    await replace(services);
    await replace(['crm-worker']);
    await replace(services.map((s) => `${s}-2`));
    await replace(['crm-worker-2']);
    await new Promise((r) => setTimeout(r, 5000));
    const rolled = (Date.now() - t0) / 1000;
    writing = false;
    await writer;
    const totals = await load.stop();

    // Every order once, and its one event once (a redelivery would carry the same webhook-id).
    for (const id of orders) expect((await call<{ id: string }>(product.url, admin, `/api/orders/${id}`)).id).toBe(id);
    const eventsOf = async () => {
      const byOrder = new Map<string, Set<string>>();
      for (const hook of await receiver.received()) {
        const event = JSON.parse(hook.body) as { subject?: string };
        const id = orders.find((o) => event.subject?.includes(o));
        if (id) byOrder.set(id, (byOrder.get(id) ?? new Set()).add(hook.headers['webhook-id']));
      }
      return byOrder;
    };
    const events = await eventually(
      120_000,
      async () => ((await eventsOf()).size === orders.length ? eventsOf() : undefined),
      'every order’s event',
    );
    const doubled = [...events].filter(([, ids]) => ids.size !== 1).map(([id]) => id);

    recordFigure(TEST, 'replicas replaced (2 of each of 8 services)', 16, 'replicas');
    recordFigure(TEST, 'roll duration', Math.round(rolled), 's');
    recordFigure(TEST, 'reads through the gateway during the roll (50 connections)', totals.requests, 'requests');
    recordFigure(TEST, 'failed reads (non-2xx, errors, timeouts)', totals.non2xx + totals.errors + totals.timeouts, 'requests');
    recordFigure(TEST, 'read latency p99 during the roll', totals.p99, 'ms');
    recordFigure(TEST, 'orders sent during the roll', orders.length, 'orders');
    recordFigure(TEST, 'orders refused at first try', refusedOrders.length, 'orders');
    recordFigure(TEST, 'order events lost or doubled', orders.length - events.size + doubled.length, 'events');

    if (refusedOrders.length) console.log(`orders refused at first try:\n${refusedOrders.join('\n')}`);
    if (totals.refused.length) {
      console.log(`reads refused: ${JSON.stringify(totals.refused)}`);
      // What the gateway saw of its upstreams meanwhile: readiness changes, second rounds, failures.
      const gateway = (await product.ps()).find((c) => c.Service === 'gateway')!;
      const seen = docker('logs', gateway.Name)
        .split('\n')
        .filter((line) => /upstream failed|sending it again|readiness changed/.test(line));
      console.log(`gateway upstream log (${seen.length} lines):\n${seen.slice(-60).join('\n')}`);
    }
    expect({ non2xx: totals.non2xx, errors: totals.errors, timeouts: totals.timeouts, refused: totals.refused }).toEqual({
      non2xx: 0,
      errors: 0,
      timeouts: 0,
      refused: [],
    });
    expect(refusedOrders).toEqual([]);
    expect(doubled).toEqual([]);
    expect(totals.requests).toBeGreaterThan(1000);
  } finally {
    await receiver.container.stop();
  }
});
