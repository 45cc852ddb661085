import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { REFRESH_COOKIE, type StaffUser } from '@backoffice/contracts';
import { signToken, type TestService } from '@backoffice/platform/testing';
import { ADMIN_LOGIN, BAD_TOKENS, badToken, startService, type StartedService } from './security-kit';
import { startGateway } from '../../services/gateway/test/gateway-test-kit';

/*
 * Attacks on signing in and on tokens, through the real gateway in front of the real identity
 * service and one other service (geography), which each verify tokens themselves:
 * - a refresh token used as an access token, a deactivated user's unexpired token, forged tokens:
 *   401 at the gateway and at every service;
 * - login throttling under bursts: one address against one account, one address against many
 *   accounts (also when it claims other addresses in X-Forwarded-For), many addresses against one
 *   account. Requests leave from their own loopback addresses (127.x.y.z), so the gateway sees
 *   real, distinct client addresses, and this run's counters touch no other test's.
 */

let identity: StartedService;
let geography: StartedService;
let gateway: TestService;
const LIMIT_PER_ACCOUNT_AND_ADDRESS = 5;
const LIMIT_PER_ADDRESS = 100;
const LIMIT_PER_ACCOUNT = 20;

/** A fresh loopback address for this run: 127.<random>.<n>. */
const base = `127.${10 + (randomBytes(1)[0] % 240)}.${randomBytes(1)[0] % 250}`;
let nextHost = 1;
const freshAddress = () => `${base}.${nextHost++}`;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

/** A request to the gateway from a given local address (fetch cannot choose one). */
function send(
  path: string,
  init: { method?: string; json?: unknown; from?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const url = new URL(gateway.url);
  const body = init.json === undefined ? undefined : JSON.stringify(init.json);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: init.method ?? (body ? 'POST' : 'GET'),
        localAddress: init.from ?? base + '.250',
        agent: false,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...init.headers,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text ? JSON.parse(text) : {} }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const login = (username: string, password: string, from: string, headers: Record<string, string> = {}) =>
  send('/api/auth/login', { json: { username, password }, from, headers });

const cookieOf = (answer: Answer) =>
  new RegExp(`${REFRESH_COOKIE}=([^;]+)`).exec([answer.headers['set-cookie'] ?? ''].flat().join(';'))?.[1] ?? '';

let adminToken = '';

async function createUser(name: string, roles: string[]): Promise<StaffUser & { password: string }> {
  const password = `Pw-${randomBytes(4).toString('hex')}-9`;
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${randomBytes(3).toString('hex')}@attacks.test`;
  const created = await send('/api/identity/users', { json: { name, email, password, roles }, token: adminToken, from: freshAddress() });
  if (created.status !== 201) throw new Error(`create user: ${created.status} ${JSON.stringify(created.body)}`);
  return { ...(created.body as unknown as StaffUser), password };
}

/** Fires every request at once and counts the answers by status. */
async function burst(requests: (() => Promise<Answer>)[]): Promise<Record<number, number>> {
  const answers = await Promise.all(requests.map((r) => r()));
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
}

beforeAll(async () => {
  identity = await startService('identity', 'http://127.0.0.1:9', {
    LOGIN_MAX_FAILURES_PER_USER_AND_IP: String(LIMIT_PER_ACCOUNT_AND_ADDRESS),
  });
  geography = await startService('geography', 'http://127.0.0.1:9');
  gateway = await startGateway({ IDENTITY_URL: identity.url, GEOGRAPHY_URL: geography.url });
  const signedIn = await login(ADMIN_LOGIN.username, ADMIN_LOGIN.password, freshAddress());
  expect(signedIn.status).toBe(200);
  adminToken = signedIn.body.accessToken as string;
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await geography?.close();
  await identity?.close();
});

describe('tokens', () => {
  it('refuses a refresh token used as an access token, and an access token used as a refresh token', async () => {
    const user = await createUser('Rita Refresh', ['Manager']);
    const signedIn = await login(user.email, user.password, freshAddress());
    const refresh = cookieOf(signedIn);
    expect(refresh).not.toBe('');
    for (const path of ['/api/auth/profile', '/api/countries']) {
      expect({ path, status: (await send(path, { token: refresh })).status }).toEqual({ path, status: 401 });
    }
    expect((await identity.request('/api/auth/profile', { token: refresh })).status).toBe(401);
    expect((await geography.request('/api/countries', { token: refresh })).status).toBe(401);
    const swapped = await send('/api/auth/refresh', {
      method: 'POST',
      headers: { cookie: `${REFRESH_COOKIE}=${signedIn.body.accessToken}` },
    });
    expect(swapped.status).toBe(401);
  });

  it('refuses a deactivated user’s unexpired token at once, at the gateway and at every service', async () => {
    const user = await createUser('Dora Departing', ['Manager']);
    const signedIn = await login(user.email, user.password, freshAddress());
    const token = signedIn.body.accessToken as string;
    expect((await send('/api/countries', { token })).status).toBe(200);
    expect((await geography.request('/api/countries', { token })).status).toBe(200);

    const deactivated = await send(`/api/identity/users/${user.id}/deactivate`, { method: 'POST', token: adminToken });
    expect(deactivated.status).toBe(200);

    expect((await send('/api/countries', { token })).status).toBe(401);
    expect((await send('/api/auth/profile', { token })).status).toBe(401);
    expect((await geography.request('/api/countries', { token })).status).toBe(401);
    expect((await identity.request('/api/auth/profile', { token })).status).toBe(401);
    const refreshed = await send('/api/auth/refresh', { method: 'POST', headers: { cookie: `${REFRESH_COOKIE}=${cookieOf(signedIn)}` } });
    expect(refreshed.status).toBe(401);
    expect((await login(user.email, user.password, freshAddress())).status).toBe(401);
  });

  it('refuses forged tokens at every service too, not only at the gateway', async () => {
    for (const kind of BAD_TOKENS) {
      const token = badToken(kind);
      for (const [name, service, path] of [
        ['identity', identity, '/api/auth/profile'],
        ['geography', geography, '/api/countries'],
      ] as const) {
        expect({ kind, name, status: (await service.request(path, { token })).status }).toEqual({ kind, name, status: 401 });
      }
      expect({ kind, status: (await send('/api/countries', { token })).status }).toEqual({ kind, status: 401 });
    }
    // The same claims, properly signed, get in: the refusals above are about the tokens.
    expect((await geography.request('/api/countries', { token: signToken({ roles: ['Admin'] }) })).status).toBe(200);
  });
});

describe('login throttling under bursts', () => {
  it('one address against one account: no more guesses than the limit, even all at once', async () => {
    const user = await createUser('Gus Guessed', ['Salesagent']);
    const from = freshAddress();
    const counts = await burst(Array.from({ length: 25 }, (_, i) => () => login(user.email, `wrong-${i}-pass`, from)));
    expect(counts[401] ?? 0).toBeLessThanOrEqual(LIMIT_PER_ACCOUNT_AND_ADDRESS);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(25);
    const right = await login(user.email, user.password, from);
    expect(right.status).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(60);
    // The owner, from their own address, is not locked out.
    expect((await login(user.email, user.password, freshAddress())).status).toBe(200);
  });

  it('one address against many accounts, also when it claims other addresses: blocked after the address limit', async () => {
    const from = freshAddress();
    const tries = LIMIT_PER_ADDRESS + 40;
    const counts: Record<number, number> = {};
    // In waves, each request claiming another client address in X-Forwarded-For.
    for (let wave = 0; wave < tries / 20; wave++) {
      const answers = await burst(
        Array.from({ length: 20 }, (_, i) => () => {
          const n = wave * 20 + i;
          return login(`sprayed-${n}-${base}@attacks.test`, 'Spring2026!', from, { 'x-forwarded-for': `203.0.113.${n % 250}` });
        }),
      );
      for (const [status, n] of Object.entries(answers)) counts[Number(status)] = (counts[Number(status)] ?? 0) + n;
    }
    expect(counts[401] ?? 0).toBeLessThanOrEqual(LIMIT_PER_ADDRESS);
    expect(counts[429] ?? 0).toBeGreaterThanOrEqual(tries - LIMIT_PER_ADDRESS);
    // The address stays blocked even for a right password; another address is not.
    expect((await login(ADMIN_LOGIN.username, ADMIN_LOGIN.password, from)).status).toBe(429);
    expect((await login(ADMIN_LOGIN.username, ADMIN_LOGIN.password, freshAddress())).status).toBe(200);
  });

  it('a burst of wrong two-factor codes: no more guesses than the code limit', async () => {
    const user = await createUser('Otto Otp', ['Manager']);
    const token = (await login(user.email, user.password, freshAddress())).body.accessToken as string;
    expect((await send('/api/auth/two-factor/setup', { method: 'POST', token })).status).toBe(200);
    const counts = await burst(
      Array.from({ length: 30 }, (_, i) => () => send('/api/auth/two-factor/enable', { json: { code: String(100000 + i) }, token })),
    );
    expect(counts[400] ?? 0).toBeLessThanOrEqual(5);
    expect((counts[400] ?? 0) + (counts[429] ?? 0)).toBe(30);
  });

  it('many addresses against one account: no more guesses than the account limit, and a short block', async () => {
    const user = await createUser('Vic Victim', ['Salesagent']);
    const tries = LIMIT_PER_ACCOUNT * 2;
    const counts = await burst(Array.from({ length: tries }, (_, i) => () => login(user.email, `guess-${i}-pass`, freshAddress())));
    expect(counts[401] ?? 0).toBeLessThanOrEqual(LIMIT_PER_ACCOUNT);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(tries);
    const owner = await login(user.email, user.password, freshAddress());
    expect(owner.status).toBe(429);
    // Short, so that an attacker cannot keep the real user out for long.
    expect(Number(owner.headers['retry-after'])).toBeLessThanOrEqual(60);
  });
});
