import type { RoleInfo, UserRoles } from '@backoffice/contracts';
import { createUser, identityUnderTest, json, login, refresh, userEvents } from './identity-test-kit';

const identity = identityUnderTest();
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const putRoles = (id: string, body: unknown, roles: ('Admin' | 'Manager')[] = ['Admin']) =>
  identity.service.request(`/api/identity/users/${id}/roles`, { method: 'PUT', json: body, roles });

describe('GET /api/identity/roles', () => {
  it('answers every role name', async () => {
    const response = await identity.service.request('/api/identity/roles');
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual(['Admin', 'Manager', 'Salesagent', 'ServiceProvider']);
  });

  it('answers one role by its name, with how many active users have it', async () => {
    await createUser(identity.service, 'Role Counter', ['ServiceProvider']);
    const response = await identity.service.request('/api/identity/roles/serviceprovider');
    expect(response.status).toBe(200);
    expect(await json<RoleInfo>(response)).toEqual({
      id: 'ServiceProvider',
      name: 'ServiceProvider',
      description: expect.stringContaining('client services'),
      userCount: 1,
    });
    expect(await json<RoleInfo>(await identity.service.request('/api/identity/roles/Admin'))).toMatchObject({ userCount: 1 });
  });

  it('answers 404 for an unknown role', async () => {
    const response = await identity.service.request('/api/identity/roles/Boss');
    expect(response.status).toBe(404);
    expect(await json(response)).toMatchObject({ detail: 'Role Boss was not found.' });
  });

  it('is for Admins only', async () => {
    expect((await identity.service.request('/api/identity/roles', { roles: ['Manager'] })).status).toBe(403);
    expect((await identity.service.request('/api/identity/roles/Admin', { roles: ['Salesagent'] })).status).toBe(403);
    expect((await identity.service.request('/api/identity/roles', { token: null })).status).toBe(401);
  });
});

describe("a user's roles", () => {
  it('GET answers the user and their roles', async () => {
    const user = await createUser(identity.service, 'Role Reader', ['Salesagent']);
    const response = await identity.service.request(`/api/identity/users/${user.id}/roles`, { roles: ['Manager'] });
    expect(response.status).toBe(200);
    expect(await json<UserRoles>(response)).toEqual({ userId: user.id, name: 'Role Reader', email: user.email, roles: ['Salesagent'] });
  });

  it('GET answers a Manager 404 for a user a Manager does not see (an Admin, a Manager), as GET of the user does', async () => {
    for (const roles of [['Admin'], ['Manager'], ['Admin', 'Salesagent']] as const) {
      const hidden = await createUser(identity.service, 'Hidden Roles', [...roles]);
      const asManager = (path: string) => identity.service.request(path, { roles: ['Manager'] });
      expect((await asManager(`/api/identity/users/${hidden.id}`)).status).toBe(404);
      expect((await asManager(`/api/identity/users/${hidden.id}/roles`)).status).toBe(404);
      expect((await identity.service.request(`/api/identity/users/${hidden.id}/roles`, { roles: ['Admin'] })).status).toBe(200);
      // Off again: the last-Admin tests below count the active Admins.
      const off = await identity.service.request(`/api/identity/users/${hidden.id}/deactivate`, { method: 'POST', roles: ['Admin'] });
      expect(off.status).toBe(200);
    }
  });

  it('PUT replaces them, emits roles-changed, and ends the user’s sessions so the new roles apply at once', async () => {
    const user = await createUser(identity.service, 'Role Changer', ['Salesagent']);
    const { response, cookie } = await login(identity.service, user.email);
    const { accessToken } = await json<{ accessToken: string }>(response);

    const put = await putRoles(user.id, { roles: ['ServiceProvider', 'Manager', 'Manager'] });
    expect(put.status).toBe(200);
    expect(await json(put)).toEqual({ userId: user.id, name: 'Role Changer', email: user.email, roles: ['Manager', 'ServiceProvider'] });

    expect((await identity.service.request('/api/auth/profile', { token: accessToken })).status).toBe(401);
    expect((await refresh(identity.service, cookie)).status).toBe(401);
    const again = await login(identity.service, user.email);
    expect((await json<{ user: { roles: string[] } }>(again.response)).user.roles).toEqual(['Manager', 'ServiceProvider']);

    const events = await userEvents(identity.service, user.id);
    expect(events.map((e) => e.type)).toEqual(['created', 'roles-changed']);
    expect(events[1].data).toMatchObject({ roles: ['Manager', 'ServiceProvider'], previousRoles: ['Salesagent'] });
  });

  it('PUT with the same roles changes nothing and keeps the sessions', async () => {
    const user = await createUser(identity.service, 'Role Keeper', ['Salesagent']);
    const { response } = await login(identity.service, user.email);
    const { accessToken } = await json<{ accessToken: string }>(response);
    expect((await putRoles(user.id, { roles: ['Salesagent'] })).status).toBe(200);
    expect((await identity.service.request('/api/auth/profile', { token: accessToken })).status).toBe(200);
    expect((await userEvents(identity.service, user.id)).map((e) => e.type)).toEqual(['created']);
  });

  it('PUT refuses an invalid body with 400 and field errors', async () => {
    const user = await createUser(identity.service, 'Role Typo');
    for (const [body, path] of [
      [{ roles: ['Boss'] }, 'roles.0'],
      [{ roles: 'Admin' }, 'roles'],
      [{}, 'roles'],
    ] as const) {
      const response = await putRoles(user.id, body);
      expect(response.status).toBe(400);
      expect((await json<{ errors: { path: string }[] }>(response)).errors.map((e) => e.path)).toEqual([path]);
    }
  });

  it('answers 404 for an unknown user, and 400 for an id that is not a UUID', async () => {
    expect((await identity.service.request(`/api/identity/users/${UNKNOWN}/roles`)).status).toBe(404);
    expect((await putRoles(UNKNOWN, { roles: ['Manager'] })).status).toBe(404);
    expect((await putRoles('not-a-uuid', { roles: ['Manager'] })).status).toBe(400);
  });

  it('PUT is for Admins only', async () => {
    const user = await createUser(identity.service, 'Role Guarded');
    expect((await putRoles(user.id, { roles: ['Admin'] }, ['Manager'])).status).toBe(403);
    expect((await identity.service.request(`/api/identity/users/${user.id}/roles`, { roles: ['Salesagent'] })).status).toBe(403);
  });

  it('the last Admin cannot lose the Admin role; with a second Admin it can', async () => {
    const refused = await putRoles(identity.adminId, { roles: ['Manager'] });
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject({ code: 'last_admin', detail: expect.stringContaining('is the last Admin') });
    expect((await json<UserRoles>(await identity.service.request(`/api/identity/users/${identity.adminId}/roles`))).roles).toEqual([
      'Admin',
    ]);

    const second = await createUser(identity.service, 'Second Admin', ['Admin']);
    expect((await putRoles(identity.adminId, { roles: ['Admin', 'Manager'] })).status).toBe(200);
    expect((await putRoles(second.id, { roles: [] })).status).toBe(200);
    // Now the first Admin is the last one again.
    expect((await putRoles(identity.adminId, { roles: ['Manager'] })).status).toBe(409);
  });

  it('concurrent changes cannot take the Admin role from both of the last two Admins', async () => {
    const a = await createUser(identity.service, 'Race Admin A', ['Admin']);
    const b = await createUser(identity.service, 'Race Admin B', ['Admin']);
    // Leave only a and b as Admins: the original one becomes a Manager.
    expect((await putRoles(identity.adminId, { roles: ['Manager'] })).status).toBe(200);
    const results = await Promise.all([putRoles(a.id, { roles: [] }), putRoles(b.id, { roles: [] })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await json<RoleInfo>(await identity.service.request('/api/identity/roles/Admin'))).toMatchObject({ userCount: 1 });
  });
});
