import { randomUUID } from 'node:crypto';
import type { OrdersDashboard } from '@backoffice/contracts';
import type { TestService } from '@backoffice/platform/testing';
import { json, orm, seedOrder, startOrders, tokenFor } from './orders-test-kit';

let service: TestService;
const providerId = randomUUID();
const otherProvider = randomUUID();

const day = (offsetDays: number, hour = 12) => {
  const d = new Date();
  d.setUTCHours(hour, 0, 0, 0);
  return new Date(d.getTime() + offsetDays * 86_400_000);
};

async function pay(id: string, paidAt: Date) {
  await orm(service).em.getConnection().execute(`update orders set status = 'Paid', paid_at = ? where id = ?`, [paidAt, id]);
}

async function clientService(orderId: string, itemId: number, status: string, provider: string | null) {
  await orm(service)
    .em.getConnection()
    .execute(
      `insert into client_services (id, order_id, service_id, service_name, delivery_type, provider_id, provider_name, status)
       values (?, ?, ?, 'Visa', 'Online', ?, ?, ?)`,
      [randomUUID(), orderId, itemId, provider, provider ? 'Pat Provider' : null, status],
    );
}

beforeAll(async () => {
  service = await startOrders();
  // Unpaid: 10.00 + 20.50 + 30.25 (a order paid today, yesterday and 40 days ago do not count).
  const items = (amount: number) => [
    { itemId: 1, itemName: 'Visa', amount },
    { itemId: 2, itemName: 'Translation', amount: 0 },
  ];
  const unpaid = [await seedOrder(service, items(10)), await seedOrder(service, items(20.5)), await seedOrder(service, items(30.25))];
  const paidToday = await seedOrder(service, items(100.1));
  const paidToday2 = await seedOrder(service, items(0.2));
  const paidYesterday = await seedOrder(service, items(50));
  const paidLongAgo = await seedOrder(service, items(999));
  await pay(paidToday, day(0, 0));
  await pay(paidToday2, new Date());
  await pay(paidYesterday, day(-1));
  await pay(paidLongAgo, day(-40));
  // Client services: two waiting (Created + Verified, no provider), one of the provider's, one another's, one cancelled unassigned.
  await clientService(unpaid[0], 1, 'Created', null);
  await clientService(unpaid[0], 2, 'Verified', null);
  await clientService(unpaid[1], 1, 'Filled', providerId);
  await clientService(unpaid[1], 2, 'Completed', otherProvider);
  await clientService(unpaid[2], 1, 'Cancelled', null);
  await clientService(unpaid[2], 2, 'Created', providerId);
});

afterAll(() => service?.close());

describe('GET /api/dashboard/orders', () => {
  it('counts unpaid orders, revenue and client services for a Manager', async () => {
    const { status, body } = await json<OrdersDashboard>(service.request('/api/dashboard/orders', { token: tokenFor(['Manager']) }));
    expect(status).toBe(200);
    expect(body.orders).toMatchObject({ unpaidCount: 3, unpaidTotal: '60.75', revenueToday: '100.30' });
    const yesterday = day(-1).toISOString().slice(0, 10);
    const today = day(0).toISOString().slice(0, 10);
    const thisMonth = 100.3 + (yesterday.slice(0, 7) === today.slice(0, 7) ? 50 : 0);
    expect(body.orders?.revenueThisMonth).toBe(thisMonth.toFixed(2));
    expect(body.orders?.revenuePerDay).toHaveLength(30);
    expect(body.orders?.revenuePerDay.at(-1)).toEqual({ date: today, amount: '100.30' });
    expect(body.orders?.revenuePerDay.at(-2)).toEqual({ date: yesterday, amount: '50.00' });
    const sum = body.orders!.revenuePerDay.reduce((total, d) => total + Number(d.amount), 0);
    expect(sum.toFixed(2)).toBe('150.30');
    expect(body.clientServices).toEqual({
      byStatus: { Created: 2, Verified: 1, Filled: 1, Completed: 1, Cancelled: 1 },
      waitingForAssignment: 2,
    });
  });

  it('gives a ServiceProvider their own client services and no order figures', async () => {
    const { status, body } = await json<OrdersDashboard>(
      service.request('/api/dashboard/orders', { token: tokenFor(['ServiceProvider'], providerId) }),
    );
    expect(status).toBe(200);
    expect(body.orders).toBeNull();
    expect(body.clientServices).toEqual({
      byStatus: { Created: 1, Verified: 0, Filled: 1, Completed: 0, Cancelled: 0 },
      waitingForAssignment: 0,
    });
  });

  it('refuses a Salesagent (403) and an anonymous caller (401) with problem+json', async () => {
    const agent = await service.request('/api/dashboard/orders', { token: tokenFor(['Salesagent']) });
    expect(agent.status).toBe(403);
    expect(agent.headers.get('content-type')).toContain('application/problem+json');
    const anonymous = await service.request('/api/dashboard/orders', { token: null });
    expect(anonymous.status).toBe(401);
  });
});
