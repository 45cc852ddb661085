import { randomUUID } from 'node:crypto';
import { createTestDatabase, endSessions, signToken, startTestService, type TestService } from '@backoffice/platform/testing';

/**
 * The country list is answered from each replica's memory (SharedCaches): two replicas on one database,
 * a change made through one is answered by the other; and the token check in front of it still sees a
 * revocation at once, though the token's signature is no longer verified on every request.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const replicas: TestService[] = [];

beforeAll(async () => {
  database = await createTestDatabase('geography_cache');
  const loadAppModule = () => require('../src/app.module').AppModule;
  for (let i = 0; i < 2; i++) {
    replicas.push(await startTestService(loadAppModule, { service: 'geography', database: false, env: { DATABASE_URL: database.url } }));
  }
});

afterAll(async () => {
  await Promise.all(replicas.map((replica) => replica.app.close()));
  await database?.drop();
});

async function names(replica: TestService): Promise<string[]> {
  const response = await replica.request('/api/countries', { roles: ['Manager'] });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return ((await response.json()) as { name: string }[]).map((country) => country.name);
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

it('answers a country created, renamed or deleted through another replica', async () => {
  const [a, b] = replicas;
  expect(await names(a)).toEqual([]);
  expect(await names(b)).toEqual([]);

  const created = await b.request('/api/countries', { method: 'POST', json: { shortName: 'PT', name: 'Portugal', taxRate: 23 } });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };
  // The writer at once; the other replica when PostgreSQL delivers the commit's notification.
  expect(await names(b)).toEqual(['Portugal']);
  await eventually(async () => (await names(a)).length === 1);
  expect(await names(a)).toEqual(['Portugal']);

  expect((await a.request(`/api/countries/${id}`, { method: 'PUT', json: { shortName: 'PT', name: 'Portuguese Republic' } })).status).toBe(
    200,
  );
  expect(await names(a)).toEqual(['Portuguese Republic']);
  await eventually(async () => (await names(b))[0] === 'Portuguese Republic');

  expect((await b.request(`/api/countries/${id}`, { method: 'DELETE' })).status).toBe(204);
  expect(await names(b)).toEqual([]);
  await eventually(async () => (await names(a)).length === 0);
});

it('refuses a token at once when its session is ended, though the token was verified before', async () => {
  const [a] = replicas;
  const sid = randomUUID();
  const token = signToken({ sid, roles: ['Manager'] });
  expect((await a.request('/api/countries', { token })).status).toBe(200);
  expect((await a.request('/api/countries', { token })).status).toBe(200);
  await endSessions([sid]);
  const refused = await a.request('/api/countries', { token });
  expect(refused.status).toBe(401);
  expect(refused.headers.get('content-type')).toMatch(/problem\+json/);
});
