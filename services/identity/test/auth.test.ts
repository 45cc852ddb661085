import { REFRESH_COOKIE } from '@backoffice/contracts';
import { signToken, testKeys, type TestService } from '@backoffice/platform/testing';
import jwt from 'jsonwebtoken';
import Redis from 'ioredis';
import { ADMIN, randomIp, startIdentity } from './identity-test-kit';

let service: TestService;
let redis: Redis;

beforeAll(async () => {
  service = await startIdentity({ LOGIN_MAX_FAILURES_PER_USER_AND_IP: '3' });
  redis = new Redis(process.env.REDIS_URL!);
});

afterAll(async () => {
  await redis?.quit();
  await service?.close();
});

/** Each test signs in from its own address so throttling counters do not leak between tests. */
const login = (body: unknown, ip = randomIp()) =>
  service.request('/api/auth/login', { method: 'POST', json: body, token: null, headers: { 'x-forwarded-for': ip } });

const refreshCookie = (response: Response) => {
  const header = response.headers.get('set-cookie') ?? '';
  const match = new RegExp(`${REFRESH_COOKIE}=([^;]+)`).exec(header);
  return match?.[1] ?? '';
};

const refresh = (cookie: string) =>
  service.request('/api/auth/refresh', { method: 'POST', token: null, headers: { cookie: `${REFRESH_COOKIE}=${cookie}` } });

describe('login', () => {
  it('signs in the first Admin and answers a token, the user and an httpOnly refresh cookie', async () => {
    const response = await login(ADMIN);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.user).toMatchObject({ email: ADMIN.username, name: 'Test Admin', roles: ['Admin'] });
    expect(body.expiresIn).toBe(900);
    const claims = jwt.verify(body.accessToken, testKeys.publicKey, { algorithms: ['RS256'] }) as jwt.JwtPayload;
    expect(claims).toMatchObject({ sub: body.user.id, typ: 'access', roles: ['Admin'] });
    expect(response.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(response.headers.get('set-cookie')).toMatch(/SameSite=Strict/i);
  });

  it('gives the same 401 for a wrong password and an unknown user', async () => {
    const wrong = await login({ username: ADMIN.username, password: 'nope-nope-1' });
    const unknown = await login({ username: 'ghost@test.local', password: 'nope-nope-1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await wrong.json(), await unknown.json()];
    expect(a.detail).toBe('The username or password is incorrect.');
    expect(b.detail).toBe(a.detail);
    expect(wrong.headers.get('content-type')).toMatch(/application\/problem\+json/);
  });

  it('refuses a malformed body with 400 and field errors, and bad JSON with 400', async () => {
    const response = await login({ username: '', password: 5 });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['password', 'username']);
    const broken = await service.request('/api/auth/login', {
      method: 'POST',
      token: null,
      headers: { 'content-type': 'application/json' },
      body: '{"username":',
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).status).toBe(400);
  });

  it('throttles one account from one address after repeated failures, without blocking other addresses', async () => {
    const ip = randomIp();
    for (let i = 0; i < 3; i++) expect((await login({ username: ADMIN.username, password: 'wrong-pass-1' }, ip)).status).toBe(401);
    const blocked = await login(ADMIN, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login(ADMIN, randomIp())).status).toBe(200);
  });
});

describe('tokens', () => {
  it('accepts a valid token on the profile', async () => {
    const { accessToken, user } = await (await login(ADMIN)).json();
    const response = await service.request('/api/auth/profile', { token: accessToken });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: user.id, email: ADMIN.username, username: ADMIN.username });
  });

  it('refuses no token, an expired token, a tampered signature, alg none, HS256 with the public key, wrong audience and a non-access token', async () => {
    const valid = signToken({ roles: ['Admin'] });
    const [header, payload] = valid.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const hs256 = jwt.sign({ sub: 'x', roles: ['Admin'], typ: 'access' }, testKeys.publicKey, {
      algorithm: 'HS256',
      issuer: 'backoffice-identity',
      audience: 'backoffice',
    });
    const tokens = [
      null,
      signToken({ iat: Math.floor(Date.now() / 1000) - 3600, expiresIn: 60 }),
      `${header}.${payload}.${'A'.repeat(342)}`,
      none,
      hs256,
      signToken({ audience: 'someone-else' }),
      signToken({ issuer: 'evil' }),
      signToken({ typ: 'refresh' }),
    ];
    for (const token of tokens) {
      const response = await service.request('/api/auth/profile', { token });
      expect(response.status).toBe(401);
    }
  });

  it('rotates the refresh token, and a reused one revokes the whole family', async () => {
    const first = refreshCookie(await login(ADMIN));
    const rotated = await refresh(first);
    expect(rotated.status).toBe(200);
    const second = refreshCookie(rotated);
    expect(second).not.toBe(first);
    const third = refreshCookie(await refresh(second));
    expect((await refresh(first)).status).toBe(401); // reuse of a token whose successor was rotated too
    expect((await refresh(third)).status).toBe(401); // the family is revoked
  });

  it('ends the session on logout', async () => {
    const cookie = refreshCookie(await login(ADMIN));
    const out = await service.request('/api/auth/logout', {
      method: 'POST',
      token: null,
      headers: { cookie: `${REFRESH_COOKIE}=${cookie}` },
    });
    expect(out.status).toBe(204);
    expect((await refresh(cookie)).status).toBe(401);
  });
});

describe('health', () => {
  it('answers live, ready with its checks, and metrics', async () => {
    expect((await service.request('/health/live', { token: null })).status).toBe(200);
    const ready = await service.request('/health/ready', { token: null });
    expect(ready.status).toBe(200);
    expect((await ready.json()).checks).toMatchObject({ database: { status: 'up' }, redis: { status: 'up' } });
    const metrics = await (await service.request('/metrics', { token: null })).text();
    expect(metrics).toContain('http_request_duration_seconds');
  });
});
