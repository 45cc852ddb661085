import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { AUDIT_PATHS, type AuditRecord, type Page, type StaffUser } from '@backoffice/contracts';
import { signToken, startTestService, type TestService } from '@backoffice/platform/testing';
import { ADMIN, json, login, PASSWORD, run } from './identity-test-kit';
import { AuditLog } from '../src/audit/audit-log.service';

/*
 * The audit log end to end in identity: actions through the API (identity's own outbox → audit.action.v1 on
 * Kafka → the consumer), then the Activity API's filters (person, area, record, time), a record's own history
 * and who may read it; the events of one request kept as one record; the retention purge.
 */

let identity: TestService;
const adminId = randomUUID();
const otherAdminId = randomUUID();
const as = (sub: string, name: string) => signToken({ sub, name, roles: ['Admin'] });
let user: StaffUser;
let startedAt: string;

async function activity(query: string, token = as(adminId, 'Ada Admin')): Promise<Page<AuditRecord>> {
  const response = await identity.request(`${AUDIT_PATHS.records}?${query}`, { token });
  expect(response.status).toBe(200);
  return json<Page<AuditRecord>>(response);
}

/** The records of a query once the consumer has stored at least `count` of them. */
async function eventually(query: string, count: number): Promise<Page<AuditRecord>> {
  const until = Date.now() + 30_000;
  for (;;) {
    const page = await activity(query);
    if (page.total >= count || Date.now() > until) return page;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  identity = await startTestService(() => require('../src/app.module').AppModule, {
    service: 'identity',
    configure: (app) => require('../src/identity.http').configureIdentityHttp(app),
    env: {
      ADMIN_EMAIL: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_NAME: 'Test Admin',
      SEED_DEMO_DATA: 'false',
      AUDIT_RETENTION_DAYS: '30',
    },
  });
  startedAt = new Date(Date.now() - 1000).toISOString();
  const created = await identity.request('/api/identity/users', {
    method: 'POST',
    token: as(adminId, 'Ada Admin'),
    json: { name: 'Audited Person', email: `audited-${run}@test.local`, password: PASSWORD, roles: ['Salesagent'] },
  });
  expect(created.status).toBe(201);
  user = await json<StaffUser>(created);
  const renamed = await identity.request(`/api/identity/users/${user.id}`, {
    method: 'PUT',
    token: as(otherAdminId, 'Otto Admin'),
    json: { name: 'Audited Person Renamed', email: user.email },
  });
  expect(renamed.status).toBe(200);
  expect((await login(identity, user.email)).response.status).toBe(200);
  expect((await login(identity, user.email, 'not-the-password')).response.status).toBe(401);
}, 60_000);

afterAll(async () => {
  await identity?.close();
});

describe('the Activity API', () => {
  it('keeps who did what to which record, with the changed fields before and after (secrets hidden)', async () => {
    const page = await eventually(`recordId=${user.id}`, 4);
    expect(page.items.map((record) => record.action)).toEqual(['sign-in-failed', 'signed-in', 'updated', 'created']);
    const [failed, signedIn, updated, created] = page.items;
    expect(created.actor).toEqual({ id: adminId, name: 'Ada Admin', kind: 'user' });
    expect(created).toMatchObject({ area: 'identity', entityType: 'User', recordId: user.id });
    expect(created.requestId).toEqual(expect.any(String));
    expect(created.changes[0].fields.name).toEqual({ before: null, after: 'Audited Person' });
    expect(created.changes[0].fields.passwordHash).toEqual({ before: null, after: '[hidden]' });
    expect(updated.actor.id).toBe(otherAdminId);
    expect(updated.changes[0].fields.name).toEqual({ before: 'Audited Person', after: 'Audited Person Renamed' });
    expect(updated.changes[0].fields.email).toBeUndefined();
    expect(signedIn.actor).toEqual({ id: user.id, name: 'Audited Person Renamed', kind: 'user' });
    expect(failed.actor).toEqual({ id: null, name: user.email, kind: 'anonymous' });
    expect(failed.changes[0].note).toBe('Wrong password.');
  });

  it('filters by person, area, kind of record and time, paged on the server', async () => {
    await eventually(`recordId=${user.id}`, 4);
    const byOther = await activity(`actorId=${otherAdminId}`);
    expect(byOther.items.map((record) => record.action)).toEqual(['updated']);
    expect((await activity(`actorId=${adminId}&area=identity&entityType=User`)).items.map((r) => r.recordId)).toEqual([user.id]);
    expect((await activity(`actorId=${adminId}&area=orders`)).total).toBe(0);
    expect((await activity(`recordId=${user.id}&to=${startedAt}`)).total).toBe(0);
    expect((await activity(`recordId=${user.id}&from=${startedAt}&to=${new Date(Date.now() + 60_000).toISOString()}`)).total).toBe(4);
    const first = await activity(`recordId=${user.id}&pageSize=3`);
    const second = await activity(`recordId=${user.id}&pageSize=3&page=2`);
    expect([first.total, first.items.length, second.items.length]).toEqual([4, 3, 1]);
    const bad = await identity.request(`${AUDIT_PATHS.records}?from=yesterday`, { token: as(adminId, 'Ada Admin') });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: { path: string }[] }).errors[0].path).toBe('from');
  });

  it("shows a record's own history to Admins and Managers; the whole log to Admins only", async () => {
    const history = `${AUDIT_PATHS.history}?area=identity&entityType=User&recordId=${user.id}`;
    const manager = await identity.request(history, { roles: ['Manager'] });
    expect(manager.status).toBe(200);
    expect((await json<Page<AuditRecord>>(manager)).total).toBe(4);
    expect((await identity.request(history, { roles: ['Salesagent'] })).status).toBe(403);
    expect((await identity.request(AUDIT_PATHS.records, { roles: ['Manager'] })).status).toBe(403);
  });

  it("answers a Manager only the history of what a Manager reads elsewhere: no API client's, no Admin's sign-ins", async () => {
    const created = await identity.request('/api/identity/users', {
      method: 'POST',
      token: as(adminId, 'Ada Admin'),
      json: { name: 'Audited Admin', email: `audited-admin-${run}@test.local`, password: PASSWORD, roles: ['Admin'] },
    });
    const admin = await json<StaffUser>(created);
    const history = (area: string, entityType: string, recordId: string, roles: ('Admin' | 'Manager')[] = ['Manager']) =>
      identity.request(`${AUDIT_PATHS.history}?area=${area}&entityType=${entityType}&recordId=${recordId}`, { roles });

    expect((await history('identity', 'User', admin.id)).status).toBe(404);
    expect((await history('identity', 'User', admin.id, ['Admin'])).status).toBe(200);
    expect((await history('identity', 'User', randomUUID())).status).toBe(404);
    expect((await history('identity', 'User', 'not-a-uuid')).status).toBe(404);
    expect((await history('identity', 'ApiClient', randomUUID())).status).toBe(403);
    expect((await history('identity', 'ApiClient', randomUUID(), ['Admin'])).status).toBe(200);
    expect((await history('identity', 'IdentitySetting', 'twoFactor')).status).toBe(403);
    expect((await history('orders', 'WebhookSubscription', randomUUID())).status).toBe(403);
    expect((await history('orders', 'ClientService', randomUUID())).status).toBe(200);
    expect((await history('identity', 'ClientAccount', '1')).status).toBe(200);
  });
});

describe('the store', () => {
  const event = (at: Date, recordId: string, area = 'orders') => ({
    actor: { id: adminId, name: 'Ada Admin', kind: 'user' as const },
    area,
    at: at.toISOString(),
    changes: [{ entityType: 'Order', recordId, action: 'created' as const, fields: {} }],
  });

  it('keeps the events of one request, from any service, as one record', async () => {
    const log = identity.app.get(AuditLog);
    const em = identity.app.get(EntityManager).fork();
    const requestId = `merge-${randomUUID()}`;
    await log.store(em, event(new Date(), 'order-1'), requestId);
    await log.store(
      em,
      { ...event(new Date(), '42', 'payments'), changes: [{ ...event(new Date(), '42').changes[0], entityType: 'Payment' }] },
      requestId,
    );
    const page = await activity('recordId=42');
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ requestId, area: 'orders', entityType: 'Order', recordId: 'order-1' });
    expect(page.items[0].changes.map((change) => `${change.area}:${change.entityType}`)).toEqual(['orders:Order', 'payments:Payment']);
    const history = await identity.request(`${AUDIT_PATHS.history}?area=payments&entityType=Payment&recordId=42`);
    expect((await json<Page<AuditRecord>>(history)).total).toBe(1);
  });

  it('purges records past the retention (AUDIT_RETENTION_DAYS)', async () => {
    const log = identity.app.get(AuditLog);
    const em = identity.app.get(EntityManager).fork();
    await log.store(em, event(new Date(Date.now() - 31 * 86_400_000), 'old-order'), `old-${randomUUID()}`);
    await log.store(em, event(new Date(Date.now() - 29 * 86_400_000), 'recent-order'), `recent-${randomUUID()}`);
    expect(await log.purge()).toBe(1);
    expect((await activity('recordId=old-order')).total).toBe(0);
    expect((await activity('recordId=recent-order')).total).toBe(1);
  });
});
