import type { Page, StaffUser } from '@backoffice/contracts';
import { createUser, identityUnderTest, json, login, PASSWORD, refresh, run, tokenFor, userEvents } from './identity-test-kit';

const identity = identityUnderTest();

const list = async (query = '', roles: ('Admin' | 'Manager')[] = ['Admin']) => {
  const response = await identity.service.request(`/api/identity/users${query}`, { roles });
  expect(response.status).toBe(200);
  return json<Page<StaffUser>>(response);
};

describe('GET /api/identity/users', () => {
  beforeAll(async () => {
    await createUser(identity.service, 'Zoe Agent', ['Salesagent']);
    await createUser(identity.service, 'Yuri Agent', ['Salesagent']);
    await createUser(identity.service, 'Paul Provider', ['ServiceProvider']);
  });

  it('answers a page of users, sorted by name, with no secret in it', async () => {
    const page = await list('?pageSize=2');
    expect(page).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page.items).toHaveLength(2);
    const names = page.items.map((u) => u.name);
    expect([...names].sort()).toEqual(names);
    const raw = JSON.stringify(page);
    expect(raw).not.toMatch(/passwordHash|password_hash|argon2|twoFactorSecret/);
    expect(page.items[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        email: expect.any(String),
        roles: expect.any(Array),
        active: true,
        twoFactorEnabled: false,
      }),
    );
  });

  it('filters by role (what other screens use for sales agents and providers), and searches name and email', async () => {
    const agents = await list('?role=Salesagent&active=true', ['Manager']);
    expect(agents.items.map((u) => u.name).sort()).toEqual(['Yuri Agent', 'Zoe Agent']);
    expect((await list('?role=ServiceProvider')).items.map((u) => u.name)).toEqual(['Paul Provider']);
    expect((await list('?search=zoe')).items.map((u) => u.name)).toEqual(['Zoe Agent']);
    expect((await list(`?search=${encodeURIComponent(`admin-${run}`)}`)).items).toHaveLength(1);
    expect((await list('?search=%25')).items).toHaveLength(0); // a LIKE wildcard is matched literally
  });

  it('sorts by other columns and pages through them', async () => {
    const desc = await list('?sort=name&dir=desc&pageSize=200');
    expect(desc.items.map((u) => u.name)).toEqual([...desc.items.map((u) => u.name)].sort().reverse());
    const second = await list('?pageSize=1&page=2');
    expect(second.items).toHaveLength(1);
    expect(second.page).toBe(2);
  });

  it('refuses bad queries with 400 and field errors', async () => {
    const response = await identity.service.request('/api/identity/users?role=Boss&page=0&sort=password');
    expect(response.status).toBe(400);
    const body = await json<{ errors: { path: string }[] }>(response);
    expect(body.errors.map((e) => e.path).sort()).toEqual(['page', 'role', 'sort']);
  });

  it('is open to Managers but not to sales agents, providers or anonymous callers', async () => {
    expect((await identity.service.request('/api/identity/users', { roles: ['Manager'] })).status).toBe(200);
    expect((await identity.service.request('/api/identity/users', { roles: ['Salesagent'] })).status).toBe(403);
    expect((await identity.service.request('/api/identity/users', { roles: ['ServiceProvider'] })).status).toBe(403);
    expect((await identity.service.request('/api/identity/users', { token: null })).status).toBe(401);
  });
});

describe('creating and updating staff users', () => {
  it('creates a user who can then sign in, and emits identity.user.v1 created', async () => {
    const email = `new.person-${run}@test.local`;
    const response = await identity.service.request('/api/identity/users', {
      method: 'POST',
      json: {
        name: '  New Person ',
        email: email.toUpperCase(),
        password: PASSWORD,
        roles: ['ServiceProvider', 'Salesagent', 'Salesagent'],
      },
    });
    expect(response.status).toBe(201);
    const user = await json<StaffUser>(response);
    expect(user).toMatchObject({ name: 'New Person', email, username: email, roles: ['Salesagent', 'ServiceProvider'], active: true });
    expect((await login(identity.service, email)).response.status).toBe(200);
    const events = await userEvents(identity.service, user.id);
    expect(events).toEqual([
      {
        type: 'created',
        subject: user.id,
        data: { id: user.id, name: 'New Person', email, roles: ['Salesagent', 'ServiceProvider'], active: true },
      },
    ]);
  });

  it('refuses a bad body with 400 and an error on each field', async () => {
    const response = await identity.service.request('/api/identity/users', {
      method: 'POST',
      json: { name: '', email: 'not-an-email', password: 'short', roles: ['Boss'] },
    });
    expect(response.status).toBe(400);
    const body = await json<{ errors: { path: string; message: string }[] }>(response);
    expect(Object.fromEntries(body.errors.map((e) => [e.path, e.message]))).toEqual({
      name: 'Name is required',
      email: 'Enter a valid email address',
      password: 'Passwords must be at least 8 characters.',
      'roles.0': expect.any(String),
    });
  });

  it('refuses a duplicate email with 409, whatever its letter case', async () => {
    const first = await createUser(identity.service, 'Dup One');
    const response = await identity.service.request('/api/identity/users', {
      method: 'POST',
      json: { name: 'Dup Two', email: first.email.toUpperCase(), password: PASSWORD },
    });
    expect(response.status).toBe(409);
    expect(await json(response)).toMatchObject({ code: 'duplicate_email', detail: `A user with the email ${first.email} already exists.` });
  });

  it('updates name and email (username follows), emits updated, and refuses a taken email', async () => {
    const user = await createUser(identity.service, 'Old Name');
    const other = await createUser(identity.service, 'Other User');
    const email = `renamed-${run}@test.local`;
    const response = await identity.service.request(`/api/identity/users/${user.id}`, { method: 'PUT', json: { name: 'New Name', email } });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ id: user.id, name: 'New Name', email, username: email });
    expect((await userEvents(identity.service, user.id)).map((e) => e.type)).toEqual(['created', 'updated']);
    const taken = await identity.service.request(`/api/identity/users/${user.id}`, {
      method: 'PUT',
      json: { name: 'New Name', email: other.email },
    });
    expect(taken.status).toBe(409);
  });

  it('answers 404 for an unknown id and 400 for an id that is not a UUID', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await identity.service.request(`/api/identity/users/${unknown}`)).status).toBe(404);
    expect(
      (await identity.service.request(`/api/identity/users/${unknown}`, { method: 'PUT', json: { name: 'X', email: 'x@test.local' } }))
        .status,
    ).toBe(404);
    expect((await identity.service.request(`/api/identity/users/${unknown}/deactivate`, { method: 'POST' })).status).toBe(404);
    expect((await identity.service.request(`/api/identity/users/${unknown}/end-sessions`, { method: 'POST' })).status).toBe(404);
    const bad = await identity.service.request('/api/identity/users/42');
    expect(bad.status).toBe(400);
    expect((await json<{ errors: { path: string }[] }>(bad)).errors[0].path).toBe('id');
  });

  it('shows a Manager the sales agents and providers only: no Admin, no one without those roles', async () => {
    const agent = await createUser(identity.service, 'Picker Agent', ['Salesagent']);
    const provider = await createUser(identity.service, 'Picker Provider', ['ServiceProvider']);
    const manager = await createUser(identity.service, 'Other Manager', ['Manager']);
    const admin = await createUser(identity.service, 'Second Admin', ['Admin', 'Salesagent']);
    const seen = await json<{ items: { id: string; roles: string[] }[] }>(
      await identity.service.request('/api/identity/users?pageSize=200', { roles: ['Manager'] }),
    );
    const ids = seen.items.map((u) => u.id);
    expect(ids).toEqual(expect.arrayContaining([agent.id, provider.id]));
    expect(ids).not.toContain(manager.id);
    expect(ids).not.toContain(admin.id);
    expect(seen.items.every((u) => !u.roles.includes('Admin'))).toBe(true);
    expect((await identity.service.request('/api/identity/users?role=Admin', { roles: ['Manager'] })).status).toBe(403);
    expect((await identity.service.request(`/api/identity/users/${admin.id}`, { roles: ['Manager'] })).status).toBe(404);
    expect((await identity.service.request(`/api/identity/users/${manager.id}`, { roles: ['Manager'] })).status).toBe(404);
    expect((await identity.service.request(`/api/identity/users/${agent.id}`, { roles: ['Manager'] })).status).toBe(200);
    const everyone = await json<{ items: { id: string }[] }>(await identity.service.request('/api/identity/users?pageSize=200'));
    expect(everyone.items.map((u) => u.id)).toEqual(expect.arrayContaining([agent.id, manager.id, admin.id]));
    // The other tests count on one active Admin.
    expect((await identity.service.request(`/api/identity/users/${admin.id}/deactivate`, { method: 'POST' })).status).toBe(200);
  });

  it('leaves changes to Admins: a Manager may read one user but not create, update or deactivate', async () => {
    const user = await createUser(identity.service, 'Read Only', ['Salesagent']);
    expect((await identity.service.request(`/api/identity/users/${user.id}`, { roles: ['Manager'] })).status).toBe(200);
    expect(
      (
        await identity.service.request('/api/identity/users', {
          method: 'POST',
          roles: ['Manager'],
          json: { name: 'X', email: 'x@test.local', password: PASSWORD },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await identity.service.request(`/api/identity/users/${user.id}`, {
          method: 'PUT',
          roles: ['Manager'],
          json: { name: 'X', email: user.email },
        })
      ).status,
    ).toBe(403);
    expect(
      (await identity.service.request(`/api/identity/users/${user.id}/deactivate`, { method: 'POST', roles: ['Manager'] })).status,
    ).toBe(403);
  });
});

describe('deactivation and sessions', () => {
  it('deactivating ends the user’s sessions at once: access token, refresh token and new sign-ins', async () => {
    const user = await createUser(identity.service, 'Leaving Soon', ['Salesagent']);
    const { response, cookie } = await login(identity.service, user.email);
    const { accessToken } = await json<{ accessToken: string }>(response);
    expect((await identity.service.request('/api/auth/profile', { token: accessToken })).status).toBe(200);

    const deactivated = await identity.service.request(`/api/identity/users/${user.id}/deactivate`, {
      method: 'POST',
      token: tokenFor(identity.adminId, ['Admin']),
    });
    expect(deactivated.status).toBe(200);
    expect(await json(deactivated)).toMatchObject({ id: user.id, active: false });

    expect((await identity.service.request('/api/auth/profile', { token: accessToken })).status).toBe(401);
    expect((await refresh(identity.service, cookie)).status).toBe(401);
    expect((await login(identity.service, user.email)).response.status).toBe(401);
    expect((await userEvents(identity.service, user.id)).map((e) => e.type)).toEqual(['created', 'deactivated']);

    const activated = await identity.service.request(`/api/identity/users/${user.id}/activate`, { method: 'POST' });
    expect(await json(activated)).toMatchObject({ active: true });
    const again = await login(identity.service, user.email);
    expect(again.response.status).toBe(200);
    // A token issued right after the revocation works (not refused with the revoked ones).
    const fresh = (await json<{ accessToken: string }>(again.response)).accessToken;
    expect((await identity.service.request('/api/auth/profile', { token: fresh })).status).toBe(200);
    expect((await userEvents(identity.service, user.id)).map((e) => e.type)).toEqual(['created', 'deactivated', 'activated']);
  });

  it('an Admin cannot deactivate their own account', async () => {
    const response = await identity.service.request(`/api/identity/users/${identity.adminId}/deactivate`, {
      method: 'POST',
      token: tokenFor(identity.adminId, ['Admin']),
    });
    expect(response.status).toBe(409);
    expect(await json(response)).toMatchObject({ code: 'self_deactivation' });
  });

  it('the last active Admin cannot be deactivated', async () => {
    // Another user (not an Admin) acting with an Admin token, so it is not a self-deactivation.
    const response = await identity.service.request(`/api/identity/users/${identity.adminId}/deactivate`, { method: 'POST' });
    expect(response.status).toBe(409);
    expect(await json(response)).toMatchObject({ code: 'last_admin' });
  });

  it('"end sessions" signs a user out everywhere, and they can sign in again at once', async () => {
    const user = await createUser(identity.service, 'Many Devices', ['Manager']);
    const a = await login(identity.service, user.email);
    const b = await login(identity.service, user.email);
    const tokenA = (await json<{ accessToken: string }>(a.response)).accessToken;
    const ended = await identity.service.request(`/api/identity/users/${user.id}/end-sessions`, { method: 'POST' });
    expect(ended.status).toBe(204);
    expect((await identity.service.request('/api/auth/profile', { token: tokenA })).status).toBe(401);
    expect((await refresh(identity.service, a.cookie)).status).toBe(401);
    expect((await refresh(identity.service, b.cookie)).status).toBe(401);
    const again = await login(identity.service, user.email);
    const fresh = (await json<{ accessToken: string }>(again.response)).accessToken;
    expect((await identity.service.request('/api/auth/profile', { token: fresh })).status).toBe(200);
  });
});
