import { randomUUID } from 'node:crypto';
import type { ClientServiceDetail, CommandResult } from '@backoffice/contracts';
import { startTestService, type TestService } from '@backoffice/platform/testing';
import { json, seedCatalogue, seedOrder, startOrders, tokenFor } from './orders-test-kit';

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
