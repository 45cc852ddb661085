import { randomUUID } from 'node:crypto';
import { AUDIT_TOPIC, IDENTITY_PATHS, type Client, type IdentityResult, type Page, type Role } from '@backoffice/contracts';
import { clientToken, signToken, type TestService } from '@backoffice/platform/testing';
import { json, sql, startIdentity } from './identity-test-kit';

let service: TestService;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  service = await startIdentity();
});

afterAll(async () => {
  await service?.close();
});

/** `succeeded`/`errors[{code, description}]`, or a 400 problem with `errors[{path, message}]`. */
type ResultOrProblem = Omit<IdentityResult, 'errors'> & {
  errors: { code?: string; description?: string; path?: string; message?: string }[];
};

let counter = 0;
const newClient = (overrides: Record<string, unknown> = {}) => ({
  name: `Client ${++counter}`,
  email: `client${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`,
  phoneNumber: '+1 212 555 0100',
  passCode: 'Client-pass1',
  ...overrides,
});

const insert = async (body: unknown) => {
  const response = await service.request('/api/clients/insert', { method: 'POST', json: body, roles: ['Manager'] });
  return { status: response.status, body: await json<ResultOrProblem>(response) };
};
const update = async (body: unknown) => {
  const response = await service.request('/api/clients/update', { method: 'POST', json: body, roles: ['Manager'] });
  return { status: response.status, body: await json<IdentityResult>(response) };
};
const byId = (id: string) => service.request(`/api/clients/byId?id=${id}`, { roles: ['Manager'] });
const list = async (query = '') => json<Page<Client>>(await service.request(`/api/clients${query}`, { roles: ['Manager'] }));

describe('POST /api/clients/insert', () => {
  it('takes an Idempotency-Key: a retry answers the first answer and leaves one client', async () => {
    const token = signToken({ sub: randomUUID(), roles: ['Manager'] });
    const key = randomUUID();
    const send = (body: unknown) =>
      service.request('/api/clients/insert', { method: 'POST', json: body, token, headers: { 'Idempotency-Key': key } });
    const input = newClient();
    const first = await send(input);
    const again = await send(input);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    const firstBody = await json<IdentityResult>(first);
    expect(firstBody.succeeded).toBe(true);
    expect(await json<IdentityResult>(again)).toEqual(firstBody);
    expect(await sql(service, 'select id from clients where email = $1', [input.email])).toHaveLength(1);
    expect((await send(newClient())).status).toBe(422);
  });

  it('creates a client: username equals the email, the passCode is stored hashed and never returned', async () => {
    const input = newClient({ name: ' Ann Lee ', email: ' Ann.Lee@Example.com ' });
    const { status, body } = await insert(input);
    expect(status).toBe(200);
    expect(body).toEqual({ succeeded: true, errors: [], id: expect.any(String) });
    const response = await byId(body.id!);
    expect(response.status).toBe(200);
    const client = await json<Client>(response);
    expect(client).toEqual({
      id: body.id,
      name: 'Ann Lee',
      email: 'ann.lee@example.com',
      username: 'ann.lee@example.com',
      phoneNumber: '+1 212 555 0100',
      dateCreated: expect.any(String),
    });
    expect(Math.abs(Date.parse(client.dateCreated) - Date.now())).toBeLessThan(60_000);
    expect(JSON.stringify(client)).not.toMatch(/pass/i);
    const [row] = await sql<{ pass_code_hash: string }>(service, 'select pass_code_hash from clients where id = $1', [body.id]);
    expect(row.pass_code_hash).toMatch(/^\$argon2id\$/);
  });

  it('answers succeeded: false with a clear description for a duplicate email (any letter case)', async () => {
    const input = newClient();
    expect((await insert(input)).body.succeeded).toBe(true);
    const { status, body } = await insert(newClient({ email: input.email.toUpperCase() }));
    expect(status).toBe(200);
    expect(body).toEqual({
      succeeded: false,
      errors: [{ code: 'DuplicateEmail', description: `Email '${input.email}' is already taken.` }],
    });
  });

  it('answers succeeded: false for a bad email, a bad phone number and a weak passCode', async () => {
    expect((await insert(newClient({ email: 'ann@nowhere' }))).body).toEqual({
      succeeded: false,
      errors: [{ code: 'InvalidEmail', description: "Email 'ann@nowhere' is invalid." }],
    });
    expect((await insert(newClient({ phoneNumber: 'call me' }))).body.errors.map((e) => e.code)).toEqual(['InvalidPhoneNumber']);
    const weak = await insert(newClient({ passCode: 'abc' }));
    expect(weak.body.succeeded).toBe(false);
    expect(weak.body.errors).toEqual([
      { code: 'PasswordTooShort', description: 'Passwords must be at least 8 characters.' },
      { code: 'PasswordRequiresDigit', description: "Passwords must have at least one digit ('0'-'9')." },
    ]);
  });

  it('refuses a body with missing or mistyped fields with 400 and field errors', async () => {
    const { status, body } = await insert({ name: '', email: 5, passCode: '' });
    expect(status).toBe(400);
    expect(Object.fromEntries(body.errors.map((e) => [e.path, true]))).toEqual({
      name: true,
      email: true,
      phoneNumber: true,
      passCode: true,
    });
  });
});

describe('GET /api/clients', () => {
  beforeAll(async () => {
    for (const name of ['Zed Alpha', 'Yara Beta', 'Xavier Gamma']) await insert(newClient({ name, phoneNumber: '+44 20 7946 0958' }));
  });

  it('pages the clients, newest first', async () => {
    const page = await list('?pageSize=2');
    expect(page).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    const dates = page.items.map((c) => c.dateCreated);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(page.items[0].name).toBe('Xavier Gamma');
  });

  it('searches name, email and phone number, and sorts by a column', async () => {
    expect((await list('?search=yara')).items.map((c) => c.name)).toEqual(['Yara Beta']);
    expect((await list('?search=7946')).items).toHaveLength(3);
    const byName = await list('?search=7946&sort=name&dir=asc');
    expect(byName.items.map((c) => c.name)).toEqual(['Xavier Gamma', 'Yara Beta', 'Zed Alpha']);
    expect((await list('?search=nobody-has-this')).items).toEqual([]);
  });

  it('refuses bad paging with 400 and field errors', async () => {
    const response = await service.request('/api/clients?pageSize=1000&sort=passCode', { roles: ['Manager'] });
    expect(response.status).toBe(400);
    expect((await json<{ errors: { path: string }[] }>(response)).errors.map((e) => e.path).sort()).toEqual(['pageSize', 'sort']);
  });
});

describe('GET /api/clients/byId', () => {
  it('answers 404 for an unknown id and 400 for a missing or malformed one', async () => {
    expect((await byId(UNKNOWN)).status).toBe(404);
    const bad = await byId('12');
    expect(bad.status).toBe(400);
    expect((await json<{ errors: { path: string }[] }>(bad)).errors[0].path).toBe('id');
    expect((await service.request('/api/clients/byId', { roles: ['Manager'] })).status).toBe(400);
  });
});

describe('POST /api/clients/update', () => {
  it('updates name, email (username follows) and phone, and keeps the passCode', async () => {
    const { body: created } = await insert(newClient());
    const [before] = await sql<{ pass_code_hash: string }>(service, 'select pass_code_hash from clients where id = $1', [created.id]);
    const { status, body } = await update({
      id: created.id,
      name: 'Renamed',
      email: 'Renamed.Client@Example.com',
      phoneNumber: '555-0199 12',
      passCode: 'ignored-1',
    });
    expect(status).toBe(200);
    expect(body).toEqual({ succeeded: true, errors: [], id: created.id });
    expect(await json(await byId(created.id!))).toMatchObject({
      name: 'Renamed',
      email: 'renamed.client@example.com',
      username: 'renamed.client@example.com',
      phoneNumber: '555-0199 12',
    });
    const [after] = await sql<{ pass_code_hash: string }>(service, 'select pass_code_hash from clients where id = $1', [created.id]);
    expect(after.pass_code_hash).toBe(before.pass_code_hash);
  });

  it('answers succeeded: false for an email another client has, or a bad one', async () => {
    const { body: a } = await insert(newClient());
    const other = newClient();
    await insert(other);
    const taken = await update({ id: a.id, name: 'A', email: other.email, phoneNumber: '+1 212 555 0100' });
    expect(taken.body).toEqual({
      succeeded: false,
      errors: [{ code: 'DuplicateEmail', description: `Email '${other.email}' is already taken.` }],
    });
    const bad = await update({ id: a.id, name: 'A', email: 'a@b', phoneNumber: '+1 212 555 0100' });
    expect(bad.body.errors.map((e) => e.code)).toEqual(['InvalidEmail']);
  });

  it('answers 404 for an unknown id and 400 for a missing one', async () => {
    expect((await update({ id: UNKNOWN, name: 'A', email: 'a@example.com', phoneNumber: '+1 212 555 0100' })).status).toBe(404);
    expect((await update({ name: 'A', email: 'a@example.com', phoneNumber: '+1 212 555 0100' })).status).toBe(400);
  });
});

describe('GET /api/clients/delete', () => {
  it('deletes a client; a second delete answers 404', async () => {
    const { body: created } = await insert(newClient());
    const response = await service.request(`/api/clients/delete?id=${created.id}`, { roles: ['Manager'] });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ succeeded: true, errors: [], id: created.id });
    expect((await byId(created.id!)).status).toBe(404);
    expect((await service.request(`/api/clients/delete?id=${created.id}`, { roles: ['Manager'] })).status).toBe(404);
    expect((await service.request('/api/clients/delete?id=nope', { roles: ['Manager'] })).status).toBe(400);
  });
});

describe('POST /api/clients/delete {id}, the twin of the GET', () => {
  /** A delete with a request id of its own: its status, answer and the audit actions it left in the outbox. */
  const remove = async (method: 'GET' | 'POST', id: string, roles: Role[] = ['Manager']) => {
    const requestId = `twin-${randomUUID()}`;
    const headers = { 'x-request-id': requestId };
    const response =
      method === 'GET'
        ? await service.request(`${IDENTITY_PATHS.clientDelete}?id=${id}`, { roles, headers })
        : await service.request(IDENTITY_PATHS.clientDelete, { method, json: { id }, roles, headers });
    const rows = await sql<{ payload: { data: { changes: { action: string }[] } } }>(
      service,
      'select payload from outbox where topic like $1 and request_id = $2',
      [`%${AUDIT_TOPIC}`, requestId],
    );
    return {
      status: response.status,
      body: await json<Record<string, unknown>>(response),
      audit: rows.flatMap((row) => row.payload.data.changes.map((change) => change.action)),
    };
  };

  it('deletes as the GET does: the same answer and audit record; 404 after, 400 without a UUID', async () => {
    const { body: one } = await insert(newClient());
    const { body: two } = await insert(newClient());
    const viaPost = await remove('POST', one.id!);
    expect(viaPost).toMatchObject({ status: 200, body: { succeeded: true, errors: [], id: one.id } });
    expect(viaPost.audit.length).toBeGreaterThan(0);
    const viaGet = await remove('GET', two.id!);
    expect({ ...viaGet, body: { ...viaGet.body, id: one.id } }).toEqual(viaPost);
    for (const id of [one.id!, two.id!]) expect((await byId(id)).status).toBe(404);
    expect(await remove('POST', one.id!)).toMatchObject({ status: 404, audit: [] });
    const invalid = await service.request(IDENTITY_PATHS.clientDelete, { method: 'POST', json: { id: 'nope' }, roles: ['Manager'] });
    expect(invalid.status).toBe(400);
  });

  it('refuses a sales agent and a provider, by POST and by GET, deleting nothing', async () => {
    const { body: kept } = await insert(newClient());
    for (const role of ['Salesagent', 'ServiceProvider'] as const) {
      expect(await remove('POST', kept.id!, [role])).toMatchObject({ status: 403, audit: [] });
      expect(await remove('GET', kept.id!, [role])).toMatchObject({ status: 403, audit: [] });
    }
    expect((await byId(kept.id!)).status).toBe(200);
    expect((await remove('POST', kept.id!, ['Admin'])).status).toBe(200);
  });

  it('is documented, and the GET is marked deprecated, naming it', async () => {
    const doc = await json<{ paths: Record<string, Record<string, { deprecated?: boolean; description?: string }>> }>(
      await service.request('/openapi.json'),
    );
    expect(doc.paths['/api/clients/delete'].get).toMatchObject({
      deprecated: true,
      description: expect.stringContaining('POST /api/clients/delete'),
    });
    expect(doc.paths['/api/clients/delete'].post?.deprecated).toBeFalsy();
  });
});

describe('who may use clients', () => {
  it('Admins and Managers; not sales agents, providers or anonymous callers', async () => {
    expect((await service.request('/api/clients', { roles: ['Admin'] })).status).toBe(200);
    expect((await service.request('/api/clients', { roles: ['Salesagent'] })).status).toBe(403);
    expect((await service.request('/api/clients/insert', { method: 'POST', json: newClient(), roles: ['ServiceProvider'] })).status).toBe(
      403,
    );
    expect((await service.request('/api/clients', { token: null })).status).toBe(401);
  });
});

describe('API clients with clients:write (a storefront registering its customers)', () => {
  it('create client accounts and find them; nothing else of client accounts, and no other scope does', async () => {
    const storefront = clientToken('clients:write');
    const input = newClient();
    const created = await service.request(`${IDENTITY_PATHS.clients}/insert`, { method: 'POST', json: input, token: storefront });
    expect(created.status).toBe(200);
    expect(((await created.json()) as IdentityResult).succeeded).toBe(true);

    const list = await service.request(`${IDENTITY_PATHS.clients}?pageSize=200`, { token: storefront });
    expect(list.status).toBe(200);
    const mine = ((await list.json()) as Page<Client>).items.find((client) => client.email === input.email);
    expect(mine).toBeDefined();
    const one = await service.request(IDENTITY_PATHS.clientById(mine!.id), { token: storefront });
    expect(one.status).toBe(200);

    expect((await service.request(IDENTITY_PATHS.clientDelete, { method: 'POST', json: { id: mine!.id }, token: storefront })).status).toBe(
      403,
    );
    expect((await service.request(IDENTITY_PATHS.clients, { token: clientToken('orders:write') })).status).toBe(403);
    const other = clientToken('orders:write');
    expect((await service.request(`${IDENTITY_PATHS.clients}/insert`, { method: 'POST', json: newClient(), token: other })).status).toBe(
      403,
    );
  });
});
