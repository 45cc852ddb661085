import { randomUUID } from 'node:crypto';
import type { ClientServiceDetail, CommandResult } from '@backoffice/contracts';
import { startTestService, type TestService } from '@backoffice/platform/testing';
import { AUDIT_TOPIC, ORDERS_PATHS } from '@backoffice/contracts';
import { json, orm, seedCatalogue, seedOrder, startOrders, tokenFor } from './orders-test-kit';

/**
 * Assignments checked against the real scheduling and identity services: the branch and the
 * provider must exist (and be a provider), and their names are kept on the client service.
 */
let identity: TestService;
let scheduling: TestService;
let service: TestService;
const admin = tokenFor(['Admin'], randomUUID(), 'Ann Admin');
let branchId: number;
let inactiveBranchId: number;
let providerId: string;
let managerUserId: string;

async function created<T>(target: TestService, path: string, body: unknown): Promise<T> {
  const response = await target.request(path, { method: 'POST', json: body, token: admin });
  if (response.status !== 201 && response.status !== 200) throw new Error(`${path} → ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const branch = (name: string, active: boolean) => ({
  name,
  phoneNumber: '+1 212 555 0100',
  address: '1 Main St',
  type: 'Branch',
  countryCCN3: '840',
  active,
});

beforeAll(async () => {
  identity = await startTestService(() => require('../../identity/src/app.module').AppModule, {
    service: 'identity',
    env: { SEED_DEMO_DATA: 'false', ADMIN_EMAIL: `admin-${randomUUID().slice(0, 6)}@test.local`, ADMIN_PASSWORD: 'Sup3r-secret!' },
  });
  scheduling = await startTestService(() => require('../../scheduling/src/app.module').AppModule, {
    service: 'scheduling',
    env: { SEED_DEMO_DATA: 'false' },
  });
  const user = (name: string, roles: string[]) =>
    created<{ id: string }>(identity, '/api/identity/users', {
      name,
      email: `${randomUUID().slice(0, 8)}@test.local`,
      password: 'Provider-pass-1',
      roles,
    });
  providerId = (await user('Pat Provider', ['ServiceProvider'])).id;
  managerUserId = (await user('Mo Manager', ['Manager'])).id;
  branchId = (await created<{ id: number }>(scheduling, '/api/branches', branch('Downtown office', true))).id;
  inactiveBranchId = (await created<{ id: number }>(scheduling, '/api/branches', branch('Closed office', false))).id;
  service = await startOrders({ IDENTITY_URL: identity.url, SCHEDULING_URL: scheduling.url });
  await seedCatalogue(service, [{ id: 7, name: 'Tourist visa application', price: 149 }]);
});

afterAll(async () => {
  await service?.close();
  await scheduling?.close().catch(() => undefined);
  await identity?.close();
});

const assign = (path: string) => json<CommandResult>(service.request(`/api/ServiceSubmissions/${path}`, { token: admin }));

it('keeps the names of a real branch and provider, and refuses what is not one', async () => {
  const orderId = await seedOrder(service, [{ itemId: 7, itemName: 'Tourist visa application', amount: 149 }]);
  const { body } = await json<CommandResult>(
    service.request('/api/client-services/submit', { method: 'POST', json: { orderId, itemId: 7 }, token: admin }),
  );
  const id = body.clientServiceId!;

  expect((await assign(`assignBranch/${id}/${branchId}`)).body).toMatchObject({
    success: true,
    message: 'The client service is assigned to the branch Downtown office.',
  });
  expect((await assign(`assignProvider/${id}/${providerId}`)).body).toMatchObject({
    success: true,
    message: 'The client service is assigned to the provider Pat Provider.',
  });
  const detail = await json<ClientServiceDetail>(service.request(`/api/client-services/${id}`, { token: admin }));
  expect(detail.body).toMatchObject({ branchId, branchName: 'Downtown office', providerId, providerName: 'Pat Provider' });

  // The provider reads their client service with the branch's name, without access to branches.
  const asProvider = await json<ClientServiceDetail>(
    service.request(`/api/client-services/${id}`, { token: tokenFor(['ServiceProvider'], providerId) }),
  );
  expect(asProvider.body.branchName).toBe('Downtown office');

  expect((await assign(`assignBranch/${id}/${inactiveBranchId}`)).body).toMatchObject({
    success: false,
    message: 'The branch Closed office is inactive; choose an active branch.',
  });
  expect((await assign(`assignProvider/${id}/${managerUserId}`)).body).toMatchObject({
    success: false,
    message: 'Mo Manager is not a service provider.',
  });
  expect((await assign(`assignBranch/${id}/999999`)).status).toBe(404);
  expect((await assign(`assignProvider/${id}/${randomUUID()}`)).status).toBe(404);
});

/** A new client service of order item 7. */
async function newClientService(): Promise<string> {
  const orderId = await seedOrder(service, [{ itemId: 7, itemName: 'Tourist visa application', amount: 149 }]);
  const { body } = await json<CommandResult>(
    service.request('/api/client-services/submit', { method: 'POST', json: { orderId, itemId: 7 }, token: admin }),
  );
  return body.clientServiceId!;
}

/** An audit event in the outbox: the changes it records. */
type AuditRow = { payload: { data: { changes: { action: string }[] } } };

/** One call with a request id of its own: its status, answer and the audit changes it left in the outbox. */
async function command(method: 'GET' | 'POST', path: string, token = admin) {
  const requestId = `twin-${randomUUID()}`;
  const response = await service.request(path, { method, token, headers: { 'x-request-id': requestId } });
  const body = (await response.json()) as CommandResult;
  const rows = (await orm(service)
    .em.getConnection()
    .execute('select payload from outbox where topic like ? and request_id = ?', [`%${AUDIT_TOPIC}`, requestId])) as AuditRow[];
  const audit = rows.flatMap((row) => row.payload.data.changes.map((change) => change.action));
  return { status: response.status, body, audit };
}

const detailOf = async (id: string) =>
  (await json<ClientServiceDetail>(service.request(`/api/client-services/${id}`, { token: admin }))).body;
const assignmentOf = ({ branchId, branchName, providerId, providerName }: ClientServiceDetail) => ({
  branchId,
  branchName,
  providerId,
  providerName,
});

describe("the POST twins of the specification's assignment GETs", () => {
  const steps = () => [
    (id: string) => ORDERS_PATHS.assignBranch(id, branchId),
    (id: string) => ORDERS_PATHS.assignProvider(id, providerId),
    (id: string) => ORDERS_PATHS.clearBranch(id),
    (id: string) => ORDERS_PATHS.clearProvider(id),
  ];

  it('do what the GETs do: the same answers, the same assignment, the same audit record', async () => {
    const byPost = await newClientService();
    const byGet = await newClientService();
    for (const step of steps()) {
      const viaPost = await command('POST', step(byPost));
      const viaGet = await command('GET', step(byGet));
      expect(viaPost.status).toBe(200);
      expect(viaPost.body.success).toBe(true);
      // The same answer but for the client service each names.
      expect(viaPost.body.clientServiceId).toBe(byPost);
      expect({ ...viaGet, body: { ...viaGet.body, clientServiceId: byPost } }).toEqual(viaPost);
      expect(viaPost.audit.length).toBeGreaterThan(0);
      expect(assignmentOf(await detailOf(byGet))).toEqual(assignmentOf(await detailOf(byPost)));
    }
    // Cleared again: nothing to do, success false and no audit record, by either method.
    const again = await command('POST', ORDERS_PATHS.clearBranch(byPost));
    expect(again).toMatchObject({ status: 200, body: { success: false }, audit: [] });
  });

  it('refuse a role other than Manager and Admin, by POST and by GET, changing nothing', async () => {
    const id = await newClientService();
    await command('POST', ORDERS_PATHS.assignBranch(id, branchId));
    const before = assignmentOf(await detailOf(id));
    for (const role of ['ServiceProvider', 'Salesagent'] as const) {
      const token = tokenFor([role], role === 'ServiceProvider' ? providerId : randomUUID());
      for (const step of steps()) {
        for (const method of ['POST', 'GET'] as const) {
          const refused = await service.request(step(id), { method, token });
          expect({ role, method, path: step(id), status: refused.status }).toEqual({ role, method, path: step(id), status: 403 });
        }
      }
    }
    expect(assignmentOf(await detailOf(id))).toEqual(before);
  });

  it('are documented: each GET deprecated, naming its POST twin', async () => {
    const doc = (await (await service.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { deprecated?: boolean; description?: string }>>;
    };
    const submissions = Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/ServiceSubmissions/'));
    expect(submissions).toHaveLength(4);
    for (const [path, item] of submissions) {
      expect(item.get).toMatchObject({ deprecated: true, description: expect.stringContaining(`POST ${path}`) });
      expect(item.post?.deprecated).toBeFalsy();
    }
  });
});

it('answers 503 when scheduling does not answer', async () => {
  const orderId = await seedOrder(service, [{ itemId: 7, itemName: 'Tourist visa application', amount: 149 }]);
  const { body } = await json<CommandResult>(
    service.request('/api/client-services/submit', { method: 'POST', json: { orderId, itemId: 7 }, token: admin }),
  );
  await scheduling.close();
  const down = await json<{ detail: string }>(
    service.request(`/api/ServiceSubmissions/assignBranch/${body.clientServiceId}/${branchId}`, { token: admin }),
  );
  expect(down.status).toBe(503);
  expect(down.body.detail).toMatch(/^The scheduling service is not answering/);
});
