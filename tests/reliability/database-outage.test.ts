import { Client } from 'pg';
import { startTestService, type TestService } from '@backoffice/platform/testing';
import { recordFigure } from './figures';

/**
 * PostgreSQL away for one service (its connections cut and new ones refused) while requests keep coming:
 * they fail fast with 503 problem+json, and succeed again within seconds of its return, with no restart.
 */
let service: TestService;
let admin: Client;
let database: string;

beforeAll(async () => {
  service = await startTestService(() => require('../../services/identity/src/app.module').AppModule, {
    service: 'identity',
    env: { ADMIN_EMAIL: 'outage@test.local', ADMIN_PASSWORD: 'Outage-pass-1' },
  });
  database = new URL(service.databaseUrl).pathname.slice(1);
  admin = new Client({ connectionString: process.env.TEST_PG_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
});

afterAll(async () => {
  await admin.query(`alter database "${database}" allow_connections true`).catch(() => undefined);
  await admin.end();
  await service?.close();
});

const profile = (token: string) => service.request('/api/auth/profile', { token, signal: AbortSignal.timeout(10_000) });

it('answers 503 problem+json while the database is away and recovers by itself when it returns', async () => {
  const login = await service.request('/api/auth/login', {
    method: 'POST',
    token: null,
    json: { username: 'outage@test.local', password: 'Outage-pass-1' },
  });
  const { accessToken } = await login.json();
  expect((await profile(accessToken)).status).toBe(200);

  await admin.query(`alter database "${database}" allow_connections false`);
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);

  const during: number[] = [];
  const latencies: number[] = [];
  for (let i = 0; i < 10; i++) {
    const started = Date.now();
    const response = await profile(accessToken);
    latencies.push(Date.now() - started);
    during.push(response.status);
    expect(response.headers.get('content-type')).toMatch(/problem\+json/);
  }
  expect(new Set(during)).toEqual(new Set([503]));
  const ready = await service.request('/health/ready', { token: null });
  expect(ready.status).toBe(503);

  await admin.query(`alter database "${database}" allow_connections true`);
  const back = Date.now();
  let recovered = false;
  while (Date.now() - back < 10_000) {
    if ((await profile(accessToken)).status === 200) {
      recovered = true;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const recoveryMs = Date.now() - back;
  expect(recovered).toBe(true);
  recordFigure('database outage', 'slowest 503 answer while away', Math.max(...latencies), 'ms');
  recordFigure('database outage', 'recovery after the database returns', recoveryMs, 'ms');
}, 60_000);
