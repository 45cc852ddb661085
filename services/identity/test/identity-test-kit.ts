import { REFRESH_COOKIE, type Role, type StaffUser } from '@backoffice/contracts';
import { queryDatabase, signToken, startTestService, type TestService } from '@backoffice/platform/testing';

/** Unique per run: throttling counters live in Redis and outlast a test run. */
export const run = Math.random().toString(36).slice(2, 8);
export const ADMIN = { username: `admin-${run}@test.local`, password: 'Sup3r-secret!' };
export const PASSWORD = 'Staff-pass-1';

export const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

export function startIdentity(env: Record<string, string> = {}): Promise<TestService> {
  return startTestService(() => require('../src/app.module').AppModule, {
    service: 'identity',
    env: { ADMIN_EMAIL: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ADMIN_NAME: 'Test Admin', SEED_DEMO_DATA: 'false', ...env },
  });
}

export const json = async <T = Record<string, unknown>>(response: Response): Promise<T> => (await response.json()) as T;

/** Creates a staff user through the API (as an Admin) and answers it. */
export async function createUser(service: TestService, name: string, roles: Role[] = [], email?: string): Promise<StaffUser> {
  const response = await service.request('/api/identity/users', {
    method: 'POST',
    json: {
      name,
      email: email ?? `${name.toLowerCase().replace(/\W+/g, '.')}-${run}-${Math.random().toString(36).slice(2, 6)}@test.local`,
      password: PASSWORD,
      roles,
    },
  });
  if (response.status !== 201) throw new Error(`create user: ${response.status} ${await response.text()}`);
  return json<StaffUser>(response);
}

export async function login(service: TestService, username: string, password = PASSWORD, otp?: string) {
  const response = await service.request('/api/auth/login', {
    method: 'POST',
    json: { username, password, ...(otp ? { otp } : {}) },
    token: null,
    headers: { 'x-forwarded-for': randomIp() },
  });
  const cookie = new RegExp(`${REFRESH_COOKIE}=([^;]+)`).exec(response.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return { response, cookie };
}

/** The seeded Admin's user id, as signing in as them answers it. */
export async function adminIdOf(service: TestService): Promise<string> {
  const { response } = await login(service, ADMIN.username, ADMIN.password);
  return (await json<{ user: { id: string } }>(response)).user.id;
}

/**
 * Starts identity before the file's tests (beforeAll) and closes it after them (afterAll). Its `service` and the
 * seeded Admin's `adminId` are there from the first test on.
 */
export function identityUnderTest(env: Record<string, string> = {}): { readonly service: TestService; readonly adminId: string } {
  const identity = {} as { service: TestService; adminId: string };
  beforeAll(async () => {
    identity.service = await startIdentity(env);
    identity.adminId = await adminIdOf(identity.service);
  });
  afterAll(async () => {
    await identity.service?.close();
  });
  return identity;
}

export const refresh = (service: TestService, cookie: string) =>
  service.request('/api/auth/refresh', { method: 'POST', token: null, headers: { cookie: `${REFRESH_COOKIE}=${cookie}` } });

/** A token for a real user id (so "who is acting" rules apply). */
export const tokenFor = (id: string, roles: Role[]) => signToken({ sub: id, roles });

/** The identity.user.v1 events in the outbox, oldest first. */
export async function userEvents(service: TestService, subject?: string) {
  const rows = await sql<{ type: string; key: string; payload: { data: Record<string, unknown> } }>(
    service,
    `select type, key, payload from outbox where topic like '%identity.user.v1' ${subject ? 'and key = $1' : ''} order by seq`,
    subject ? [subject] : [],
  );
  return rows.map((row) => ({ type: row.type, subject: row.key, data: row.payload.data }));
}

/** One statement on the service's database (queryDatabase). */
export function sql<T extends Record<string, unknown>>(service: TestService, text: string, params: unknown[] = []): Promise<T[]> {
  return queryDatabase<T>(service.databaseUrl, text, params);
}
