import type { TestService } from '@backoffice/platform/testing';
import { ADMIN, createUser, json, login, refresh, startIdentity } from './identity-test-kit';

/**
 * Sessions end at once, by session id: every access token carries its session (`sid`), and logout,
 * deactivation, a role change and refresh-token reuse end exactly the sessions they concern, whatever
 * second the token was issued in. Two tabs refreshing together keep the session.
 */
let service: TestService;

beforeAll(async () => {
  service = await startIdentity();
});

afterAll(async () => {
  await service?.close();
});

const accessToken = async (response: Response) => (await json<{ accessToken: string }>(response.clone())).accessToken;
const profile = (token: string) => service.request('/api/auth/profile', { token });
const logout = (cookie: string) =>
  service.request('/api/auth/logout', { method: 'POST', token: null, headers: { cookie: `bo_refresh=${cookie}` } });

it('logout ends the access tokens of that session at once, and no other session', async () => {
  const mine = await login(service, ADMIN.username, ADMIN.password);
  const other = await login(service, ADMIN.username, ADMIN.password);
  const token = await accessToken(mine.response);
  const otherToken = await accessToken(other.response);
  expect((await profile(token)).status).toBe(200);
  expect((await logout(mine.cookie)).status).toBe(204);
  const refused = await profile(token);
  expect(refused.status).toBe(401);
  expect((await profile(otherToken)).status).toBe(200);
});

it('a logout needs the session’s own cookie: an id without its secret ends nothing', async () => {
  const session = await login(service, ADMIN.username, ADMIN.password);
  const token = await accessToken(session.response);
  const [id] = session.cookie.split('.');
  expect((await logout(`${id}.not-the-secret`)).status).toBe(204);
  expect((await profile(token)).status).toBe(200);
});

it('refresh-token reuse ends the access tokens of the whole session', async () => {
  const session = await login(service, ADMIN.username, ADMIN.password);
  const first = await accessToken(session.response);
  const second = await refresh(service, session.cookie);
  const secondToken = await accessToken(second);
  const secondCookie = /bo_refresh=([^;]+)/.exec(second.headers.get('set-cookie') ?? '')![1];
  expect((await refresh(service, secondCookie)).status).toBe(200);
  // The first cookie again, after its successor was rotated too: reuse.
  expect((await refresh(service, session.cookie)).status).toBe(401);
  expect((await profile(first)).status).toBe(401);
  expect((await profile(secondToken)).status).toBe(401);
});

it('two tabs refreshing at once both get the same successor, and the session goes on', async () => {
  const session = await login(service, ADMIN.username, ADMIN.password);
  const [a, b] = await Promise.all([refresh(service, session.cookie), refresh(service, session.cookie)]);
  expect([a.status, b.status]).toEqual([200, 200]);
  const cookieOf = (r: Response) => /bo_refresh=([^;]+)/.exec(r.headers.get('set-cookie') ?? '')![1];
  expect(cookieOf(a)).toBe(cookieOf(b));
  expect((await profile(await accessToken(a))).status).toBe(200);
  expect((await profile(await accessToken(b))).status).toBe(200);
  expect((await refresh(service, cookieOf(a))).status).toBe(200);
});

it('deactivation ends a session signed in the same second, and one signing in while it commits', async () => {
  for (let round = 0; round < 5; round++) {
    const user = await createUser(service, `Same Second ${round}`, ['Manager']);
    const before = await login(service, user.email);
    const token = await accessToken(before.response);
    // A sign-in racing the deactivation: it either fails, or its session is ended with the others.
    const [racing, deactivated] = await Promise.all([
      login(service, user.email),
      service.request(`/api/identity/users/${user.id}/deactivate`, { method: 'POST' }),
    ]);
    expect(deactivated.status).toBe(200);
    expect((await profile(token)).status).toBe(401);
    if (racing.response.status === 200) expect((await profile(await accessToken(racing.response))).status).toBe(401);
    else expect(racing.response.status).toBe(401);
  }
});

it('a role change ends the user’s sessions at once', async () => {
  const user = await createUser(service, 'Role Change', ['Manager']);
  const session = await login(service, user.email);
  const token = await accessToken(session.response);
  expect((await profile(token)).status).toBe(200);
  const changed = await service.request(`/api/identity/users/${user.id}/roles`, { method: 'PUT', json: { roles: ['Salesagent'] } });
  expect(changed.status).toBe(200);
  expect((await profile(token)).status).toBe(401);
  expect((await refresh(service, session.cookie)).status).toBe(401);
});
