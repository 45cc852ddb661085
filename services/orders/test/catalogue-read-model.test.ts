import { randomUUID } from 'node:crypto';
import { CATALOGUE_SERVICE_TOPIC, type CatalogueServiceView } from '@backoffice/contracts';
import { ensureTopics, topicName } from '@backoffice/platform';
import type { TestService } from '@backoffice/platform/testing';
import {
  catalogueEvent as envelope,
  catalogueServiceState as state,
  eventually,
  json,
  kafka,
  orm,
  startOrders,
  tokenFor,
} from './orders-test-kit';

let service: TestService;
const admin = tokenFor(['Admin']);
const topic = () => topicName(CATALOGUE_SERVICE_TOPIC);
const client = kafka();
const producer = client.producer();

const send = (messages: { key: string; value: string | null }[]) => producer.send({ topic: topic(), acks: -1, messages });

const readModel = async () =>
  (await json<CatalogueServiceView[]>(service.request('/api/orders/read-models/catalogue', { token: admin }))).body;

beforeAll(async () => {
  service = await startOrders();
  await ensureTopics(client, [{ name: topic(), compacted: true }]);
  await producer.connect();
});

afterAll(async () => {
  await producer?.disconnect();
  await service?.close();
});

it('consumes catalogue.service.v1 into the read model: creates, updates, ignores older states and repeats, deletes on tombstones', async () => {
  const repeatedId = randomUUID();
  await send([
    { key: '1', value: envelope(state(1, 'Tourist visa application', 149, '2026-01-01T10:00:00.000Z'), 'created') },
    {
      key: '2',
      value: envelope(
        state(2, 'Company registration', 499, '2026-01-01T10:00:00.000Z', { deliveryType: 'Physical', physical: true }),
        'created',
      ),
    },
    { key: '3', value: envelope(state(3, 'Old service', 10, '2026-01-01T10:00:00.000Z'), 'created') },
    { key: '1', value: envelope(state(1, 'Tourist visa (express)', 179, '2026-01-02T10:00:00.000Z'), 'updated', repeatedId) },
    // An older state arriving late, and a redelivery of the same event, change nothing.
    { key: '1', value: envelope(state(1, 'Stale name', 1, '2026-01-01T12:00:00.000Z')) },
    { key: '1', value: envelope(state(1, 'Tourist visa (express)', 179, '2026-01-02T10:00:00.000Z'), 'updated', repeatedId) },
    { key: '3', value: null },
    { key: '9', value: 'not json at all' },
  ]);

  const rows = await eventually(
    async () => {
      const list = await readModel();
      return list.length === 2 && list[0].name === 'Tourist visa (express)' ? list : undefined;
    },
    30_000,
    'the read model to follow the topic',
  );
  expect(rows).toEqual([
    {
      id: 1,
      name: 'Tourist visa (express)',
      deliveryType: 'Online',
      price: 179,
      active: true,
      physical: false,
      requiredFiles: [{ id: 2, name: 'Passport scan', accept: 'image,pdf' }],
      sourceUpdatedAt: '2026-01-02T10:00:00.000Z',
    },
    expect.objectContaining({ id: 2, name: 'Company registration', deliveryType: 'Physical', physical: true, price: 499 }),
  ]);
  // The redelivered event was handled once (the inbox), the stale one applied nothing.
  const handled = await orm(service)
    .em.getConnection()
    .execute(`select event_id from inbox where consumer = 'orders.catalogue-read-model'`);
  expect(handled.filter((row: { event_id: string }) => row.event_id === repeatedId)).toHaveLength(1);
});

it('rebuilds from the start of the topic after the table is lost', async () => {
  await send([{ key: '4', value: envelope(state(4, 'Certified translation', 45, '2026-01-05T10:00:00.000Z'), 'created') }]);
  await eventually(async () => (await readModel()).some((row) => row.id === 4), 30_000, 'service 4');
  const before = await readModel();

  // The table is wiped (a restored backup, a bug); a stray row the topic never had is there too.
  const connection = orm(service).em.getConnection();
  await connection.execute('delete from catalogue_services');
  await connection.execute(
    `insert into catalogue_services (id, name, delivery_type, price, active, physical, required_files, source_updated_at, received_at)
     values (77, 'Not in the topic', 'Online', 1, true, false, '[]', now(), now() - interval '1 hour')`,
  );

  const rebuilt = await json<{ messages: number; services: number; ms: number }>(
    service.request('/api/orders/read-models/catalogue/rebuild', { method: 'POST', token: admin }),
  );
  expect(rebuilt.status).toBe(200);
  expect(rebuilt.body.messages).toBeGreaterThanOrEqual(9);
  expect(rebuilt.body.services).toBe(3);
  expect(await readModel()).toEqual(before);
  process.stdout.write(`\nrebuild: ${rebuilt.body.messages} messages → ${rebuilt.body.services} services in ${rebuilt.body.ms} ms\n`);
});

it('lets only an Admin rebuild, and staff read', async () => {
  expect(
    (await service.request('/api/orders/read-models/catalogue/rebuild', { method: 'POST', token: tokenFor(['Manager']) })).status,
  ).toBe(403);
  expect((await service.request('/api/orders/read-models/catalogue', { token: tokenFor(['Manager']) })).status).toBe(200);
  expect((await service.request('/api/orders/read-models/catalogue', { token: tokenFor(['ServiceProvider']) })).status).toBe(403);
});
