import { Kafka, logLevel } from 'kafkajs';
import { Client } from 'pg';
import { CATALOGUE_SERVICE_TOPIC } from '@backoffice/contracts';
import { topicName } from '@backoffice/platform';
import { json, startCatalogue, type CatalogueTestService } from './catalogue-test-service';

let service: CatalogueTestService;
let db: Client;
let categoryId: number;

beforeAll(async () => {
  service = await startCatalogue();
  db = new Client({ connectionString: service.databaseUrl });
  await db.connect();
  const category = await service.request('/api/categories', { method: 'POST', json: { name: 'Visas', description: 'Visas' } });
  categoryId = ((await category.json()) as { id: number }).id;
});

afterAll(async () => {
  await db?.end();
  await service?.close();
});

interface OutboxRow {
  seq: string;
  topic: string;
  key: string;
  type: string;
  payload: { type: string; subject: string; source: string; data: Record<string, unknown> } | null;
}

let seen = 0;
/** Outbox rows written since the last call (the audit log's events aside). */
async function newEvents(): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    `select seq, topic, key, type, payload from outbox where seq > $1 and topic not like '%audit.action.v1' order by seq`,
    [seen],
  );
  if (rows.length) seen = Number(rows[rows.length - 1].seq);
  return rows;
}

describe('catalogue.service.v1', () => {
  it('writes one event per change, with the full state, keyed by the service id; a delete writes a tombstone', async () => {
    await newEvents();
    const file = await json<{ id: number }>(
      await service.request('/api/service-files/insert', { method: 'POST', json: { name: 'Passport', accept: 'pdf' } }),
    );
    expect(await newEvents()).toHaveLength(0); // a definition nobody requires changes no service

    const created = await json<{ id: number }>(
      await service.request('/api/services', {
        method: 'POST',
        json: { name: 'Visa', categoryId, price: 99, branches: [2], serviceFiles: [file.id] },
      }),
    );
    const state = await json(await service.request(`/api/services/${created.id}`));
    let events = await newEvents();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      topic: topicName(CATALOGUE_SERVICE_TOPIC),
      key: String(created.id),
      type: 'created',
      payload: { type: 'created', subject: String(created.id), source: 'catalogue', data: state },
    });

    const updated = await json(
      await service.request(`/api/services/${created.id}`, {
        method: 'PUT',
        json: { name: 'Visa express', categoryId, price: 129, branches: [2, 5], serviceFiles: [file.id] },
      }),
    );
    events = await newEvents();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ key: String(created.id), type: 'updated', payload: { data: updated } });

    // Renaming a required file changes the state of every service that requires it.
    await service.request('/api/service-files/update', {
      method: 'POST',
      json: { id: file.id, name: 'Passport copy', accept: 'image,pdf' },
    });
    events = await newEvents();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ key: String(created.id), type: 'updated' });
    expect(events[0].payload?.data.serviceFiles).toEqual([{ id: file.id, name: 'Passport copy', accept: 'image,pdf' }]);

    expect((await service.request(`/api/services/${created.id}`, { method: 'DELETE' })).status).toBe(204);
    events = await newEvents();
    // A `deleted` event naming the service (webhooks deliver it), then the tombstone compaction keeps.
    expect(events).toEqual([
      expect.objectContaining({ key: String(created.id), type: 'deleted', payload: expect.objectContaining({ data: { id: created.id } }) }),
      expect.objectContaining({ key: String(created.id), type: 'deleted', payload: null }),
    ]);
  });

  it('writes nothing for refused changes and for category changes', async () => {
    await newEvents();
    await service.request('/api/services', { method: 'POST', json: { name: '', categoryId, price: 0 } });
    await service.request('/api/services', { method: 'POST', json: { name: 'Lost', categoryId: 999999, price: 1 } });
    await service.request('/api/services/999999', { method: 'DELETE' });
    await service.request(`/api/categories/${categoryId}`, { method: 'PUT', json: { name: 'Visas', description: 'Changed' } });
    expect(await newEvents()).toHaveLength(0);
  });

  it('reaches Kafka through the relay, the tombstone as a null value, on a compacted topic', async () => {
    const { id } = await json<{ id: number }>(
      await service.request('/api/services', { method: 'POST', json: { name: 'Kafka visa', categoryId, price: 10 } }),
    );
    await service.request(`/api/services/${id}`, { method: 'DELETE' });

    const kafka = new Kafka({ clientId: 'catalogue-test', brokers: process.env.KAFKA_BROKERS!.split(','), logLevel: logLevel.NOTHING });
    const topic = topicName(CATALOGUE_SERVICE_TOPIC);
    const consumer = kafka.consumer({ groupId: `catalogue-test-${Date.now()}` });
    const received: { key: string; value: string | null }[] = [];
    try {
      // The relay creates the topic before its first publish.
      const deadline = Date.now() + 30_000;
      const admin = kafka.admin();
      await admin.connect();
      while (!(await admin.listTopics()).includes(topic) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      const [config] = (
        await admin.describeConfigs({ resources: [{ type: 2, name: topic, configNames: ['cleanup.policy'] }], includeSynonyms: false })
      ).resources;
      await admin.disconnect();
      expect(config.configEntries.find((entry) => entry.configName === 'cleanup.policy')?.configValue).toBe('compact');

      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) => {
          received.push({ key: message.key?.toString() ?? '', value: message.value ? message.value.toString() : null });
        },
      });
      while (received.filter((m) => m.key === String(id)).length < 3 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
      }
    } finally {
      await consumer.disconnect();
    }
    const mine = received.filter((m) => m.key === String(id));
    expect(mine).toHaveLength(3);
    expect(JSON.parse(mine[0].value!)).toMatchObject({ type: 'created', subject: String(id), data: { id, name: 'Kafka visa' } });
    expect(JSON.parse(mine[1].value!)).toMatchObject({ type: 'deleted', subject: String(id), data: { id } });
    expect(mine[2].value).toBeNull();
  }, 60_000);
});
