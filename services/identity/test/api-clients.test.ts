import { createHash } from 'node:crypto';
import { signToken, type TestService } from '@backoffice/platform/testing';
import type { ApiClientWithSecret } from '@backoffice/contracts';
import { json, sql, startIdentity } from './identity-test-kit';

/**
 * API clients against the real identity service (PostgreSQL, Redis): the client-credentials grant of
 * RFC 6749 §4.4 with its error shapes (§5.2), scopes in the token and no role, revocation at once, and
 * a rotation whose old secret works only during its overlap.
 */
let service: TestService;

beforeAll(async () => {
  service = await startIdentity();
});

afterAll(async () => {
  await service?.close();
});

const admin = signToken({ roles: ['Admin'] });

async function createClient(scopes: string[] = ['orders:write', 'payments:write'], extra: Record<string, unknown> = {}) {
  const response = await service.request('/api/identity/api-clients', {
    method: 'POST',
    json: { name: 'Storefront', scopes, ...extra },
    token: admin,
  });
  expect(response.status).toBe(201);
  return json<ApiClientWithSecret>(response);
}

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${service.url}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
const basic = (id: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` });
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
const tokenOf = async (id: string, secret: string) => {
  const response = await form({ grant_type: 'client_credentials' }, basic(id, secret));
  return { status: response.status, token: response.status === 200 ? (await json<{ access_token: string }>(response)).access_token : '' };
};

it('an Admin creates a client; the secret is shown once and stored only as a hash', async () => {
  const client = await createClient();
  expect(client.clientSecret).toMatch(/^bocs_[\w-]{43}$/);
  expect(client).toMatchObject({ name: 'Storefront', scopes: ['orders:write', 'payments:write'], status: 'active', lastUsedAt: null });
  const [row] = await sql<{ secret_hash: string }>(service, 'select secret_hash from api_clients where id = $1', [client.id]);
  // The hash is the secret's SHA-256, computed here on its own: not the secret, nor any encoding of it.
  expect(row.secret_hash).toBe(createHash('sha256').update(client.clientSecret).digest('hex'));
  // Nowhere in the database (any table, any column, the outbox and the audit log included) is the secret, whole or
  // its random part without the prefix, as text or as the hex of its bytes.
  const random = client.clientSecret.slice('bocs_'.length);
  const forms = [
    client.clientSecret,
    random,
    Buffer.from(client.clientSecret).toString('hex'),
    Buffer.from(random, 'base64url').toString('hex'),
  ];
  const tables = await sql<{ name: string }>(
    service,
    `select table_name as name from information_schema.tables where table_schema = 'public'`,
  );
  expect(tables.map((t) => t.name)).toContain('api_clients');
  for (const { name } of tables) {
    const [dump] = await sql<{ text: string | null }>(service, `select string_agg(t::text, E'\\n') as text from "${name}" t`);
    const found = forms.filter((form) => (dump.text ?? '').includes(form));
    expect({ table: name, found }).toEqual({ table: name, found: [] });
  }
  const listed = await json<Record<string, unknown>[]>(await service.request('/api/identity/api-clients', { token: admin }));
  const mine = listed.find((c) => c.id === client.id)!;
  expect(mine).toBeDefined();
  expect(mine.clientSecret).toBeUndefined();
  expect(JSON.stringify(listed)).not.toContain(client.clientSecret);
});

it('only an Admin manages clients, and bad input is a 400', async () => {
  const manager = signToken({ roles: ['Manager'] });
  expect((await service.request('/api/identity/api-clients', { token: manager })).status).toBe(403);
  for (const body of [
    { name: 'x', scopes: [] },
    { name: 'x', scopes: ['orders:delete'] },
    { name: 'x', scopes: ['events:read'] }, // removed: it opened no operation
    { name: '', scopes: ['orders:write'] },
    { name: 'x', scopes: ['orders:write'], expiresAt: '2001-01-01T00:00:00Z' },
  ]) {
    const response = await service.request('/api/identity/api-clients', { method: 'POST', json: body, token: admin });
    expect({ body, status: response.status }).toEqual({ body, status: 400 });
  }
  expect(
    (await service.request('/api/identity/api-clients/00000000-0000-4000-8000-000000000000/revoke', { method: 'POST', token: admin }))
      .status,
  ).toBe(404);
});

it('issues a token for HTTP Basic or body credentials, form-encoded or JSON: client as subject, scope, no role', async () => {
  const client = await createClient();
  const viaBasic = await form({ grant_type: 'client_credentials' }, basic(client.id, client.clientSecret));
  expect(viaBasic.status).toBe(200);
  expect(viaBasic.headers.get('cache-control')).toBe('no-store');
  const issued = await json<{ access_token: string; token_type: string; expires_in: number; scope: string }>(viaBasic);
  expect(issued).toMatchObject({ token_type: 'Bearer', expires_in: 900, scope: 'orders:write payments:write' });
  const claims = claimsOf(issued.access_token);
  expect(claims).toMatchObject({ sub: client.id, client: true, roles: [], scope: 'orders:write payments:write', typ: 'access' });
  expect(typeof claims.sid).toBe('string');

  const viaJson = await fetch(`${service.url}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      client_id: client.id,
      client_secret: client.clientSecret,
      scope: 'orders:write',
    }),
  });
  expect(viaJson.status).toBe(200);
  expect((await json(viaJson)).scope).toBe('orders:write');
  const viaForm = await form({ grant_type: 'client_credentials', client_id: client.id, client_secret: client.clientSecret });
  expect(viaForm.status).toBe(200);

  const seen = await json<{ lastUsedAt: string | null }>(await service.request(`/api/identity/api-clients/${client.id}`, { token: admin }));
  expect(seen.lastUsedAt).not.toBeNull();
});

it('answers RFC 6749 §5.2 errors', async () => {
  const client = await createClient(['orders:write']);
  const wrong = await form({ grant_type: 'client_credentials' }, basic(client.id, 'bocs_wrong'));
  expect(wrong.status).toBe(401);
  expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic /);
  expect(await json(wrong)).toMatchObject({ error: 'invalid_client' });
  const unknownClient = await form({ grant_type: 'client_credentials', client_id: 'not-a-client', client_secret: 'x' });
  expect([unknownClient.status, (await json(unknownClient)).error]).toEqual([401, 'invalid_client']);
  const scope = await form({ grant_type: 'client_credentials', scope: 'payments:write' }, basic(client.id, client.clientSecret));
  expect([scope.status, (await json(scope)).error]).toEqual([400, 'invalid_scope']);
  const grant = await form({ grant_type: 'password' }, basic(client.id, client.clientSecret));
  expect([grant.status, (await json(grant)).error]).toEqual([400, 'unsupported_grant_type']);
  const missing = await form({}, basic(client.id, client.clientSecret));
  expect([missing.status, (await json(missing)).error]).toEqual([400, 'invalid_request']);
  const both = await form({ grant_type: 'client_credentials', client_id: client.id }, basic(client.id, client.clientSecret));
  expect([both.status, (await json(both)).error]).toEqual([400, 'invalid_request']);
  const twice = await fetch(`${service.url}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...basic(client.id, client.clientSecret) },
    body: 'grant_type=client_credentials&grant_type=client_credentials',
  });
  expect([twice.status, (await json(twice)).error]).toEqual([400, 'invalid_request']);
});

it('answers invalid_request in RFC 6749’s shape for a body the platform refuses before the endpoint: empty, not JSON, not UTF-8', async () => {
  const post = (body: string | Uint8Array<ArrayBuffer>) =>
    fetch(`${service.url}/api/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  for (const body of ['', '{', '{"grant_type":', new Uint8Array([0x7b, 0xff, 0x7d])]) {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const answer = await json<{ error: string; error_description: string }>(response);
    expect(answer.error).toBe('invalid_request');
    expect(answer.error_description).toMatch(/JSON|UTF-8/);
  }
  // Other routes keep problem+json for the same body.
  const elsewhere = await fetch(`${service.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{',
  });
  expect([elsewhere.status, elsewhere.headers.get('content-type')]).toEqual([400, expect.stringMatching(/^application\/problem\+json/)]);
});

it('a client token never reaches a staff route (403), and stops at once when the client is revoked (401)', async () => {
  const client = await createClient();
  const { token } = await tokenOf(client.id, client.clientSecret);
  expect((await service.request('/api/identity/users', { token })).status).toBe(403);
  expect((await service.request('/api/identity/api-clients', { token })).status).toBe(403);
  expect((await service.request('/api/auth/profile', { token })).status).toBe(403);
  const revoked = await service.request(`/api/identity/api-clients/${client.id}/revoke`, { method: 'POST', token: admin });
  expect(revoked.status).toBe(200);
  expect((await json(revoked)).status).toBe('revoked');
  expect((await service.request('/api/auth/profile', { token })).status).toBe(401);
  expect((await tokenOf(client.id, client.clientSecret)).status).toBe(401);
});

it('rotation: the old secret works during the overlap and is refused after it; the new one works', async () => {
  const client = await createClient();
  const rotated = await json<ApiClientWithSecret>(
    await service.request(`/api/identity/api-clients/${client.id}/rotate`, { method: 'POST', json: { overlapSeconds: 2 }, token: admin }),
  );
  expect(rotated.clientSecret).not.toBe(client.clientSecret);
  expect(rotated.previousSecretValidUntil).not.toBeNull();
  const during = await form({ grant_type: 'client_credentials' }, basic(client.id, client.clientSecret));
  expect(during.status).toBe(200);
  // A token made with the old secret expires with the overlap.
  expect((await json<{ expires_in: number }>(during)).expires_in).toBeLessThanOrEqual(2);
  expect((await tokenOf(client.id, rotated.clientSecret)).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 2100));
  expect((await tokenOf(client.id, client.clientSecret)).status).toBe(401);
  expect((await tokenOf(client.id, rotated.clientSecret)).status).toBe(200);

  // Without overlap, the old secret and its tokens end at once.
  const { token } = await tokenOf(client.id, rotated.clientSecret);
  const third = await json<ApiClientWithSecret>(
    await service.request(`/api/identity/api-clients/${client.id}/rotate`, { method: 'POST', json: { overlapSeconds: 0 }, token: admin }),
  );
  expect((await tokenOf(client.id, rotated.clientSecret)).status).toBe(401);
  expect((await service.request('/api/auth/profile', { token })).status).toBe(401);
  expect((await tokenOf(client.id, third.clientSecret)).status).toBe(200);
});

it('an expired client gets no token', async () => {
  const client = await createClient(['orders:write'], { expiresAt: new Date(Date.now() + 1500).toISOString() });
  expect((await tokenOf(client.id, client.clientSecret)).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 1600));
  expect((await tokenOf(client.id, client.clientSecret)).status).toBe(401);
});
