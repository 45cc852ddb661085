/**
 * `docker compose up` runs the product, as an operator runs it: every container from the images the project's own
 * Dockerfile built turns healthy, and then, through the gateway's published port only: an Admin signs in, every
 * service answers, a storefront's API client sends an order, a status change of its client service reaches a
 * signed webhook in a receiver container on the compose network, the leads worker imports a sheet; and
 * `down -v` leaves no container, network or volume behind. Between the two, faults.ts's faults run on the same
 * project.
 */
import {
  apiClientToken,
  call,
  eventually,
  importLeads,
  leadSheet,
  leftovers,
  orderWithClientService,
  signatureValid,
  startReceiver,
  upProduct,
  type Product,
} from './compose-kit';
import { faultsOn } from './faults';

jest.setTimeout(900_000);

let product: Product;
let startedIn: number;

beforeAll(async () => {
  const t0 = Date.now();
  product = await upProduct('compose');
  startedIn = (Date.now() - t0) / 1000;
});

afterAll(async () => {
  await product?.down().catch(() => {});
});

describe('docker compose up', () => {
  it('starts every process of the product, each healthy, from the project’s images', async () => {
    const ps = await product.ps();
    const byService = Object.fromEntries(ps.map((c) => [c.Service, c]));
    for (const service of ['identity', 'catalogue', 'crm', 'crm-worker', 'orders', 'geography', 'scheduling', 'payments', 'gateway']) {
      expect({ service, health: byService[service]?.Health, image: byService[service]?.Image }).toEqual({
        service,
        health: 'healthy',
        image: `backoffice/${service}:latest`,
      });
    }
    for (const infra of ['postgres', 'redis', 'kafka'])
      expect({ infra, health: byService[infra]?.Health }).toEqual({ infra, health: 'healthy' });
    console.log(`compose: every container healthy ${startedIn.toFixed(0)} s after up`);
  });

  it('serves the console and signs an Admin in, through the gateway only', async () => {
    const page = await fetch(`${product.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<div id="root">/);
    expect(await product.adminToken()).toMatch(/^ey/);
  });

  it('answers a read of every service through the gateway', async () => {
    const token = await product.adminToken();
    const reads: Record<string, string> = {
      identity: '/api/identity/users',
      catalogue: '/api/categories',
      crm: '/api/leads/groups',
      orders: '/api/orders',
      geography: '/api/countries',
      scheduling: '/api/branches',
    };
    // payments: read in the next test, on the order it pays.
    for (const [service, path] of Object.entries(reads)) {
      const response = await fetch(`${product.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect({ service, path, status: response.status }).toEqual({ service, path, status: 200 });
    }
  });

  it('takes a storefront’s order and its payment, and sends the signed webhook of its client service’s status change', async () => {
    const receiver = await startReceiver(product.network);
    try {
      const admin = await product.adminToken();
      const storefront = await apiClientToken(product.url, admin, ['orders:write', 'payments:write', 'webhooks:manage']);
      const subscription = await call<{ id: string; secret: string }>(product.url, storefront, '/api/webhooks/subscriptions', {
        json: { url: 'http://receiver:8080/hook', eventTypes: ['orders.client-service.v1'] },
      });
      const { orderId, clientServiceId } = await orderWithClientService(product.url, storefront, admin);
      const order = await call<{ amount: number }>(product.url, admin, `/api/orders/${orderId}`);
      await call(product.url, storefront, '/api/payments', {
        json: {
          orderId,
          amount: order.amount,
          merchant: 'Stripe',
          transaction: { status: 'Captured', amount: order.amount, reference: `ch_${orderId}` },
        },
      });
      const payments = await call<{ amount: number }[]>(product.url, admin, `/api/orders/${orderId}/payments`);
      expect(payments.map((p) => p.amount)).toEqual([order.amount]);
      const result = await call<{ success: boolean; message: string }>(product.url, admin, '/api/ServiceTransaction', {
        json: { clientServiceId, status: 'Verified', note: 'compose test' },
      });
      expect(result.success).toBe(true);
      const hook = await eventually(
        60_000,
        async () => (await receiver.received()).find((w) => w.body.includes(clientServiceId) && w.body.includes('Verified')),
        'the status change webhook',
      );
      expect(signatureValid(subscription.secret, hook.headers, hook.body)).toBe(true);
      const event = JSON.parse(hook.body) as { subject: string; source: string; data: { status?: string } };
      expect(event.subject).toContain(clientServiceId);
    } finally {
      await receiver.container.stop();
    }
  });

  it('imports a lead sheet on the leads worker', async () => {
    const admin = await product.adminToken();
    const jobId = await importLeads(product.url, admin, await leadSheet(5, 1000), 'compose leads.xlsx');
    const job = await eventually(
      120_000,
      async () => {
        const state = await call<{ state: string; result?: { imported: number } }>(product.url, admin, `/api/leads/jobs/${jobId}`);
        if (state.state === 'failed') throw Object.assign(new Error(`import failed: ${JSON.stringify(state)}`), { fatal: true });
        return state.state === 'completed' ? state : undefined;
      },
      'the lead import',
    );
    expect(job.result?.imported).toBe(5);
  });
});

// Then, on the same project: the faults only containers can make (faults.ts).
faultsOn(() => product);

describe('docker compose down -v', () => {
  it('leaves no container, network or volume behind', async () => {
    const { project } = product;
    await product.down();
    product = undefined as unknown as Product;
    expect(leftovers(project)).toEqual({ containers: [], networks: [], volumes: [] });
  });
});
