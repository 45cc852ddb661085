import { randomUUID } from 'node:crypto';
import { ORDERS_CLIENT_SERVICE_TOPIC, type CommandResult } from '@backoffice/contracts';
import { ensureTopics, topicName } from '@backoffice/platform';
import type { TestService } from '@backoffice/platform/testing';
import {
  collect,
  eventually,
  json,
  kafka,
  seedCatalogue,
  seedOrder,
  startOrders,
  tokenFor,
  type CollectedMessage,
} from './orders-test-kit';

let service: TestService;
let consumer: Awaited<ReturnType<typeof collect>>;
const managerId = randomUUID();
const manager = tokenFor(['Manager'], managerId, 'Maya Manager');
const providerId = randomUUID();
const provider = tokenFor(['ServiceProvider'], providerId, 'Pat Provider');

beforeAll(async () => {
  service = await startOrders();
  await seedCatalogue(service, [{ id: 7, name: 'Tourist visa application', price: 149 }]);
  await ensureTopics(kafka(), [{ name: topicName(ORDERS_CLIENT_SERVICE_TOPIC) }]);
  consumer = await collect(topicName(ORDERS_CLIENT_SERVICE_TOPIC));
});

afterAll(async () => {
  await consumer?.stop();
  await service?.close();
});

const call = async (path: string, init: Parameters<TestService['request']>[1] = {}) => {
  const { status, body } = await json<CommandResult>(service.request(path, { token: manager, ...init }));
  expect(status).toBe(200);
  return body;
};
const transaction = (clientServiceId: string, status: string, note = '', token = manager) =>
  call('/api/ServiceTransaction', { method: 'POST', json: { clientServiceId, status, note }, token });

it('publishes exactly the events of a scripted sequence, in order, keyed by the client service', async () => {
  const orderId = await seedOrder(service, [{ itemId: 7, itemName: 'Tourist visa application', amount: 149 }]);
  const submitted = await call('/api/client-services/submit', { method: 'POST', json: { orderId, itemId: 7 } });
  const id = submitted.clientServiceId!;

  // Each step says whether it should publish an event.
  expect((await call(`/api/ServiceSubmissions/assignBranch/${id}/3`)).success).toBe(true); // branch-assigned
  expect((await call(`/api/ServiceSubmissions/assignBranch/${id}/3`)).success).toBe(true); // same branch: nothing
  expect((await call(`/api/ServiceSubmissions/assignProvider/${id}/${providerId}`)).success).toBe(true); // provider-assigned
  expect((await call(`/api/ServiceSubmissions/assignClearBranch/${id}`)).success).toBe(true); // branch-cleared
  expect((await call(`/api/ServiceSubmissions/assignClearBranch/${id}`)).success).toBe(false); // nothing to clear: nothing
  expect((await call(`/api/ServiceSubmissions/assignBranch/${id}/4`)).success).toBe(true); // branch-assigned
  expect((await transaction(id, 'Verified', 'Documents checked', provider)).success).toBe(true); // status-changed
  expect((await transaction(id, 'Verified', 'Called the client')).success).toBe(true); // a note: nothing
  expect((await transaction(id, 'Created', '', provider)).success).toBe(false); // a provider only moves forward: nothing
  expect((await transaction(id, 'Completed', 'Delivered')).success).toBe(true); // status-changed
  expect((await call(`/api/ServiceSubmissions/assignClearProvider/${id}`)).success).toBe(false); // final: nothing
  expect((await transaction(id, 'Filled', 'Delivered to the wrong address')).success).toBe(true); // a correction: status-changed

  const expected = [
    'submitted',
    'branch-assigned',
    'provider-assigned',
    'branch-cleared',
    'branch-assigned',
    'status-changed',
    'status-changed',
    'status-changed',
  ];
  // A last change whose event marks the end: the outbox publishes in the order of the writes, one key on one partition,
  // so any event a step above wrongly published arrives before this one.
  expect((await transaction(id, 'Completed', 'end of the script')).success).toBe(true); // status-changed
  const mine = () => consumer.messages.filter((m) => m.key === id);
  const isEnd = (m: CollectedMessage) => m.value?.type === 'status-changed' && m.value.data.note === 'end of the script';
  await eventually(() => mine().some(isEnd), 30_000, 'the events on orders.client-service.v1');
  const events = mine().slice(0, mine().findIndex(isEnd));
  expect(events.map((m) => m.value?.type)).toEqual(expected);

  // One aggregate, one key, one partition: the order is Kafka's.
  expect(new Set(events.map((m) => m.partition)).size).toBe(1);
  const offsets = events.map((m) => BigInt(m.offset));
  expect([...offsets].sort((a, b) => (a < b ? -1 : 1))).toEqual(offsets);

  const data = events.map((m: CollectedMessage) => m.value!.data);
  expect(events.every((m) => m.value?.subject === id)).toBe(true);
  expect(new Set(events.map((m) => m.value!.id)).size).toBe(expected.length);
  expect(data[0]).toMatchObject({
    clientServiceId: id,
    orderId,
    serviceId: 7,
    serviceName: 'Tourist visa application',
    status: 'Created',
    actorId: managerId,
  });
  expect(data[1]).toMatchObject({ branchId: 3, previousBranchId: null, actorId: managerId });
  expect(data[2]).toMatchObject({ providerId, previousProviderId: null });
  expect(data[3]).toMatchObject({ previousBranchId: 3 });
  expect(data[4]).toMatchObject({ branchId: 4, previousBranchId: null });
  expect(data[5]).toMatchObject({ from: 'Created', to: 'Verified', note: 'Documents checked', actorId: providerId });
  expect(data[6]).toMatchObject({ from: 'Verified', to: 'Completed', note: 'Delivered', actorId: managerId });
  expect(typeof data[6].transactionId).toBe('string');
  expect(data[6]).not.toHaveProperty('correction');
  expect(data[7]).toMatchObject({ from: 'Completed', to: 'Filled', note: 'Delivered to the wrong address', correction: true });
  expect(events[0].value).toMatchObject({ specversion: '1.0', source: 'orders', datacontenttype: 'application/json' });
});
