import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import ExcelJS from 'exceljs';
import { CommandBus } from '@nestjs/cqrs';
import type { OrderDetail, OrderSummary, Page } from '@backoffice/contracts';
import { startTestService, type TestService } from '@backoffice/platform/testing';
import { MarkOrderPaidCommand } from '../src/orders/commands/mark-order-paid.handler';
import { json, orm, seedCatalogue, seedOrder, startOrders, tokenFor } from './orders-test-kit';

let geography: TestService;
let service: TestService;
/** Orders reaches geography through this relay, which forwards every call and counts the tax lookups. */
let relay: Server;
let lookups = 0;
/**
 * The relay plays a geography of an earlier release: no /internal lookup (Nest's 404 for an unknown route), and the
 * lookup open inside the network at /api/geography/lookup, as it was then.
 */
let earlierGeography = false;
/** Two replicas behind one address, taking calls in turn: one of the earlier release, one of today (a rolling upgrade). */
let mixedGeography = false;
let turn = 0;

function geographyRelay(): Promise<string> {
  relay = createServer((request, response) => {
    if (request.url!.startsWith('/internal/geography/lookup')) lookups++;
    let url = request.url!;
    const earlier = earlierGeography || (mixedGeography && turn++ % 2 === 0);
    if (earlier && url.startsWith('/internal/')) {
      response.writeHead(404, { 'content-type': 'application/problem+json' });
      return void response.end(JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404, detail: `Cannot GET ${url}` }));
    }
    if (earlier && url.startsWith('/api/geography/lookup')) url = url.replace('/api/', '/internal/');
    void fetch(`${geography.url}${url}`, { method: request.method, headers: request.headers as Record<string, string> }).then(
      async (answer) => {
        response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        response.end(Buffer.from(await answer.arrayBuffer()));
      },
      () => response.destroy(),
    );
  });
  return new Promise((resolve) =>
    relay.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(relay.address() as { port: number }).port}`)),
  );
}
const manager = tokenFor(['Manager']);

/** A small geography through the real geography service: Testland (TL) › Alpha (AL, 5 %) › Springfield (8.5 %, shipping 7.50) › Downtown zip 12345 (9.25 %). */
async function seedGeography(): Promise<void> {
  const post = async (path: string, body: unknown) => {
    const response = await geography.request(path, { method: 'POST', json: body, roles: ['Admin'] });
    if (response.status !== 201 && response.status !== 200) throw new Error(`${path} → ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: number };
  };
  const country = await post('/api/countries', { shortName: 'TL', name: 'Testland', taxRate: 2 });
  const state = await post('/api/states', { countryId: country.id, shortName: 'AL', name: 'Alpha', taxRate: 5 });
  const city = await post('/api/cities', { stateId: state.id, name: 'Springfield', shippingFee: 7.5, taxRate: 8.5 });
  await post('/api/boroughs', { cityId: city.id, name: 'Downtown', taxRate: 9.25, zipCodes: '12345' });
}

beforeAll(async () => {
  geography = await startTestService(() => require('../../geography/src/app.module').AppModule, {
    service: 'geography',
    env: { SEED_DEMO_DATA: 'false' },
  });
  await seedGeography();
  service = await startOrders({ GEOGRAPHY_URL: await geographyRelay() });
  await seedCatalogue(service, [
    { id: 7, name: 'Tourist visa application', price: 149 },
    { id: 8, name: 'Certified translation', price: 45.5, deliveryType: 'Physical' },
    { id: 9, name: 'Retired service', price: 10, active: false },
  ]);
});

afterAll(async () => {
  await service?.close();
  relay?.close();
  await geography?.close().catch(() => undefined);
});

const address = {
  name: 'Ada Client',
  contactInfo: '+1 555 0100',
  email: 'ada@example.com',
  address: '1 Main St',
  county: 'Central',
  country: 'TL',
  state: 'AL',
  city: 'Springfield',
};
const createOrder = (body: Record<string, unknown>, token = manager) =>
  json<OrderDetail & { errors?: { path: string; message: string }[] }>(
    service.request('/api/orders', { method: 'POST', json: body, token }),
  );

describe('order intake', () => {
  it('asks geography for tax and shipping once for a valid new order, and never for an invalid one or a retry', async () => {
    const id = randomUUID();
    const before = lookups;
    const created = await createOrder({ ...address, id, zipCode: '12345', items: [{ itemId: 7 }] });
    expect(created.status).toBe(201);
    expect(lookups - before).toBe(1);

    // The same order again (a client's retry): answered from the database, no lookup.
    const retried = await createOrder({ ...address, id, zipCode: '12345', items: [{ itemId: 7 }] });
    expect(retried.status).toBe(200);
    expect(retried.body.id).toBe(id);
    // Items the catalogue does not offer, or fields that fail validation: refused before any lookup.
    expect((await createOrder({ ...address, zipCode: '12345', items: [{ itemId: 404 }] })).status).toBe(400);
    expect((await createOrder({ ...address, zipCode: '12345', items: [{ itemId: 9 }] })).status).toBe(400);
    expect((await createOrder({ ...address, zipCode: '', items: [{ itemId: 7 }] })).status).toBe(400);
    expect(lookups - before).toBe(1);
  });

  it('prices items from the catalogue, applies the discount, and takes tax and shipping from geography', async () => {
    const { status, body } = await createOrder({
      ...address,
      zipCode: '12345',
      discount: 20,
      items: [
        { itemId: 7, quantity: 2 },
        { itemId: 8, quantity: 3, jsonData: { language: 'French' } },
      ],
      // Prices in the request are ignored: the catalogue's count.
      price: 1,
    });
    expect(status).toBe(201);
    // 2 × 149 + 3 × 45.50 = 434.50; − 20 = 414.50; tax 9.25 % (the borough of zip 12345) = 38.34; shipping 7.50 (a physical item).
    expect(body).toMatchObject({
      subtotal: 434.5,
      discount: 20,
      taxRate: 9.25,
      tax: 38.34,
      shippingFee: 7.5,
      amount: 460.34,
      status: 'Pending',
      invoiceNumber: body.id.split('-')[0],
      country: 'TL',
      userId: null,
    });
    expect(body.items).toEqual([
      { itemId: 7, itemName: 'Tourist visa application', itemType: 'Online', amount: 149, quantity: 2, total: 298, clientServiceId: null },
      {
        itemId: 8,
        itemName: 'Certified translation',
        itemType: 'Physical',
        amount: 45.5,
        quantity: 3,
        total: 136.5,
        clientServiceId: null,
      },
    ]);
    expect((await json<OrderDetail>(service.request(`/api/orders/${body.id}`, { token: manager }))).body).toEqual(body);
  });

  it('falls back to the city, then the state rate, and charges no shipping for online services', async () => {
    const city = await createOrder({ ...address, zipCode: '99999', items: [{ itemId: 7 }] });
    expect(city.body).toMatchObject({ taxRate: 8.5, tax: 12.67, shippingFee: 0, amount: 161.67 });
    const state = await createOrder({ ...address, city: 'Nowhere', zipCode: '99999', items: [{ itemId: 8 }] });
    expect(state.body).toMatchObject({ taxRate: 5, tax: 2.28, shippingFee: 0, amount: 47.78 });
  });

  /** Orders priced from the lookup (`times` of them), then an unknown country named: whatever geography answers. */
  async function pricesAndNamesUnknownCountry(times: number) {
    for (let i = 0; i < times; i++) {
      const created = await createOrder({ ...address, zipCode: '12345', items: [{ itemId: 7 }] });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ taxRate: 9.25, tax: 13.78 });
    }
    const country = await createOrder({ ...address, country: 'Atlantis', zipCode: '12345', items: [{ itemId: 7 }] });
    expect(country.body.errors).toEqual([{ path: 'country', message: 'Tax and shipping are not set up for the country "Atlantis".' }]);
  }

  it('prices an order with an earlier release’s geography too (a rolling upgrade), and still names an unknown country', async () => {
    earlierGeography = true;
    try {
      await pricesAndNamesUnknownCountry(1);
    } finally {
      earlierGeography = false;
    }
  });

  it('prices an order while replicas of the earlier release and of today take the lookup in turn', async () => {
    mixedGeography = true;
    turn = 0;
    try {
      // The earlier replica has no internal lookup, today's refuses the open one (401): each order still gets its tax.
      await pricesAndNamesUnknownCountry(3);
    } finally {
      mixedGeography = false;
    }
  });

  it('refuses unknown and retired services, a discount above the subtotal, an unknown country and bad fields with 400', async () => {
    const unknown = await createOrder({ ...address, zipCode: '12345', items: [{ itemId: 7 }, { itemId: 404 }, { itemId: 9 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      { path: 'items.1.itemId', message: 'Service 404 is not in the catalogue.' },
      { path: 'items.2.itemId', message: 'Retired service is not offered at the moment.' },
    ]);
    const discount = await createOrder({ ...address, zipCode: '12345', discount: 200, items: [{ itemId: 7 }] });
    expect(discount.status).toBe(400);
    expect(discount.body.errors?.[0].path).toBe('discount');
    const country = await createOrder({ ...address, country: 'Atlantis', zipCode: '12345', items: [{ itemId: 7 }] });
    expect(country.status).toBe(400);
    expect(country.body.errors).toEqual([{ path: 'country', message: 'Tax and shipping are not set up for the country "Atlantis".' }]);
    const bad = await createOrder({ name: '', items: [], discount: -1, email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.path)).toEqual(
      expect.arrayContaining(['name', 'contactInfo', 'address', 'zipCode', 'city', 'state', 'country', 'items', 'discount', 'email']),
    );
    const duplicate = await createOrder({ ...address, zipCode: '12345', items: [{ itemId: 7 }, { itemId: 7 }] });
    expect(duplicate.body.errors).toEqual([
      { path: 'items.1.itemId', message: 'The same service is listed twice; raise its quantity instead.' },
    ]);
  });

  it('answers a retry with the same id and body with the order already taken, and another body with 409', async () => {
    const id = randomUUID();
    const first = await createOrder({ ...address, id, zipCode: '12345', items: [{ itemId: 7 }] });
    expect(first.status).toBe(201);
    const again = await createOrder({ ...address, id, zipCode: '12345', items: [{ itemId: 7 }] });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const other = await createOrder({ ...address, id, zipCode: '12345', items: [{ itemId: 8, quantity: 9 }] });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: 'order_id_conflict', detail: expect.stringContaining(id) });
    const items = await orm(service)
      .em.getConnection()
      .execute<{ n: number }[]>('select count(*)::int as n from order_items where order_id = ?', [id]);
    expect(items[0]!.n).toBe(1);
  });

  it('answers a retry with the same Idempotency-Key with the first answer, and leaves one order', async () => {
    const key = randomUUID();
    const send = (body: Record<string, unknown>) =>
      json<OrderDetail & { code?: string; detail?: string }>(
        service.request('/api/orders', { method: 'POST', json: body, token: manager, headers: { 'Idempotency-Key': key } }),
      );
    const body = { ...address, name: `Idempotent ${key}`, zipCode: '12345', items: [{ itemId: 7 }] };
    const first = await send(body);
    const again = await send(body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const other = await send({ ...body, items: [{ itemId: 8 }] });
    expect(other.status).toBe(422);
    expect(other.body.detail).toContain(key);
    const doc = (await (await service.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    for (const path of ['/api/orders', '/api/ServiceTransaction']) {
      expect(doc.paths[path]!.post!.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }));
    }
    const count = await orm(service)
      .em.getConnection()
      .execute<{ n: number }[]>('select count(*)::int as n from orders where name = ?', [body.name]);
    expect(count[0]!.n).toBe(1);
  });
});

describe('orders list, receipt and export', () => {
  let ids: string[];
  beforeAll(async () => {
    await orm(service).em.getConnection().execute('delete from order_items; delete from orders');
    const day = 86_400_000;
    ids = [];
    for (let i = 0; i < 25; i++) {
      ids.push(
        await seedOrder(service, [{ itemId: 7, itemName: 'Tourist visa application', amount: 100 + i }], {
          name: i === 3 ? 'Zoë 50%_Special' : `Client ${String(i).padStart(2, '0')}`,
          createdDate: new Date(Date.UTC(2026, 0, 1) + i * day),
          status: i % 5 === 0 ? 'Paid' : 'Pending',
          city: i % 2 ? 'Springfield' : 'Shelbyville',
        }),
      );
    }
  });

  const list = (query: string) => json<Page<OrderSummary>>(service.request(`/api/orders?${query}`, { token: manager }));

  it('pages newest first with a total', async () => {
    const first = await list('page=1&pageSize=10');
    expect(first.body).toMatchObject({ total: 25, page: 1, pageSize: 10 });
    expect(first.body.items).toHaveLength(10);
    expect(first.body.items[0]).toEqual({
      id: ids[24],
      createdDate: '2026-01-25T00:00:00.000Z',
      amount: 124,
      name: 'Client 24',
      contactInfo: '+1 212 555 0100',
      state: 'NY',
      county: 'New York County',
      city: 'Shelbyville',
      zipCode: '10001',
      status: 'Pending',
    });
    const last = await list('page=3&pageSize=10');
    expect(last.body.items.map((o) => o.id)).toEqual([ids[4], ids[3], ids[2], ids[1], ids[0]]);
    expect((await list('page=4&pageSize=10')).body.items).toEqual([]);
  });

  it('searches names, cities and id prefixes (wildcards taken literally) and filters by status', async () => {
    expect((await list('search=client 1')).body.total).toBe(10);
    expect((await list('search=50%25_')).body.items.map((o) => o.id)).toEqual([ids[3]]);
    expect((await list('search=%25')).body.items.map((o) => o.id)).toEqual([ids[3]]);
    expect((await list(`search=${ids[7].split('-')[0]}`)).body.items.map((o) => o.id)).toEqual([ids[7]]);
    expect((await list('search=springfield')).body.total).toBe(12);
    const paid = await list('status=Paid');
    expect(paid.body.total).toBe(5);
    expect(paid.body.items.every((o) => o.status === 'Paid')).toBe(true);
    expect((await list('status=Paid&search=client 2')).body.items.map((o) => o.name)).toEqual(['Client 20']);
  });

  it('answers 400 for a bad query or id and 404 for an unknown order', async () => {
    const bad = await json<{ errors: { path: string }[] }>(
      service.request('/api/orders?page=0&pageSize=1000&status=Lost', { token: manager }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e) => e.path).sort()).toEqual(['page', 'pageSize', 'status']);
    expect((await service.request('/api/orders/not-a-uuid', { token: manager })).status).toBe(400);
    expect((await service.request(`/api/orders/${randomUUID()}`, { token: manager })).status).toBe(404);
  });

  it('streams the filtered list as an xlsx', async () => {
    const response = await service.request('/api/orders/export.xlsx?status=Pending', { token: manager });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="orders-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Orders')!;
    expect(sheet.rowCount).toBe(21);
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['ID', 'Order id', 'Date', 'Amount', 'Name', 'Status']));
    expect(sheet.getRow(2).getCell(2).value).toBe(ids[24]);
    expect(sheet.getRow(2).getCell(1).value).toBe(ids[24].split('-')[0]);
    expect(sheet.getRow(2).getCell(4).value).toBe(124);
  });

  it('exports many orders in batches without holding them', async () => {
    const connection = orm(service).em.getConnection();
    await connection.execute(
      `insert into orders (id, name, contact_info, address, zip_code, city, state, country, subtotal, amount, created_date)
       select gen_random_uuid(), 'Bulk ' || n, '+1 555', 'x', '1', 'Bulk City', 'BS', 'US', 1, 1, now() - n * interval '1 second'
       from generate_series(1, 2500) n`,
    );
    const started = Date.now();
    const response = await service.request('/api/orders/export.xlsx?search=bulk', { token: manager });
    const bytes = Buffer.from(await response.arrayBuffer());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Orders')!;
    expect(sheet.rowCount).toBe(2501);
    const names = new Set<string>();
    sheet.eachRow((row, index) => index > 1 && names.add(String(row.getCell(5).value)));
    expect(names.size).toBe(2500);
    process.stdout.write(`\nexport: 2500 orders, ${bytes.length} bytes in ${Date.now() - started} ms\n`);
    await connection.execute(`delete from orders where city = 'Bulk City'`);
  });
});

describe('the payments seam', () => {
  it('marks an order Paid once through MarkOrderPaidCommand', async () => {
    const id = await seedOrder(service, [{ itemId: 7, itemName: 'Tourist visa application', amount: 149 }]);
    const bus = service.app.get(CommandBus);
    expect(await bus.execute(new MarkOrderPaidCommand(id, 'pay-1'))).toEqual({ changed: true });
    expect(await bus.execute(new MarkOrderPaidCommand(id, 'pay-1'))).toEqual({ changed: false });
    const order = await json<OrderDetail>(service.request(`/api/orders/${id}`, { token: manager }));
    expect(order.body.status).toBe('Paid');
    expect(order.body.paidAt).not.toBeNull();
    await expect(bus.execute(new MarkOrderPaidCommand(randomUUID(), 'pay-2'))).rejects.toThrow(/was not found/);
  });
});

describe('when geography is down', () => {
  // Last: it stops the geography service. (One orders app per file: passport's strategy is process-wide.)
  it('answers 503 with a clear message, and 403 to other roles', async () => {
    await geography.close();
    const response = await json<{ detail: string }>(
      service.request('/api/orders', { method: 'POST', json: { ...address, zipCode: '12345', items: [{ itemId: 7 }] }, token: manager }),
    );
    expect(response.status).toBe(503);
    expect(response.body.detail).toMatch(/^The geography service is not answering/);
    expect((await service.request('/api/orders', { token: tokenFor(['ServiceProvider']) })).status).toBe(403);
    expect((await service.request('/api/orders', { method: 'POST', json: {}, token: tokenFor(['Salesagent']) })).status).toBe(403);
  });
});
