import { Client } from 'pg';
import { json, startCatalogue, type CatalogueTestService } from './catalogue-test-service';

let service: CatalogueTestService;

beforeAll(async () => {
  service = await startCatalogue({ SEED_DEMO_DATA: 'true' });
});

afterAll(async () => {
  await service?.close();
});

it('seeds a small catalogue once on an empty database, and publishes its services', async () => {
  const roots = await json<{ id: number; name: string; childCount: number }[]>(await service.request('/api/categories'));
  expect(roots.map((c) => c.name)).toEqual(expect.arrayContaining(['Immigration', 'Translation', 'Business services']));
  const immigration = roots.find((c) => c.name === 'Immigration')!;
  expect(immigration.childCount).toBe(2);

  const services = await json<{ id: number; price: number; serviceFiles: unknown[] }[]>(await service.request('/api/services'));
  expect(services.length).toBeGreaterThanOrEqual(4);
  expect(services.every((s) => s.price > 0)).toBe(true);
  expect((await json<unknown[]>(await service.request('/api/service-files'))).length).toBeGreaterThanOrEqual(4);

  const db = new Client({ connectionString: service.databaseUrl });
  await db.connect();
  const { rows } = await db.query<{ count: number }>("select count(*)::int as count from outbox where type = 'created'");
  await db.end();
  expect(rows[0].count).toBe(services.length);
});
