import { createServer, type Server } from 'node:http';
import { authHeader, startTestService, type TestService } from '@backoffice/platform/testing';

/** A stand-in upstream that echoes what it received, so the proxy's behaviour is visible. */
function echoServer(): Promise<{
  server: Server;
  url: string;
  received: { method: string; url: string; headers: Record<string, unknown>; body: string }[];
}> {
  const received: { method: string; url: string; headers: Record<string, unknown>; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      response.setHeader('content-type', 'application/json');
      if (request.url!.includes('cacheable')) response.setHeader('cache-control', 'private, max-age=60');
      response.end(JSON.stringify({ ok: true, url: request.url }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, received }),
    ),
  );
}

let gateway: TestService;
let upstream: Awaited<ReturnType<typeof echoServer>>;

beforeAll(async () => {
  upstream = await echoServer();
  gateway = await startTestService(() => require('../src/app.module').AppModule, {
    service: 'gateway',
    database: false,
    configure: (app, logger) => require('../src/gateway.http').configureGateway(app, logger),
    env: {
      IDENTITY_URL: upstream.url,
      GEOGRAPHY_URL: upstream.url,
      CATALOGUE_URL: 'http://127.0.0.1:1', // nothing listens there: the service is "down"
      CONSOLE_DIR: '/nonexistent',
      CURRENCY: 'EUR',
    },
  });
});

afterAll(async () => {
  await gateway?.close();
  upstream?.server.close();
});

it('answers the runtime config without a token', async () => {
  const response = await gateway.request('/api/config', { token: null });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ currency: 'EUR', mapTileUrl: expect.stringContaining('{z}') });
});

it('forwards a public route without a token, and a protected one with a token, streaming the body and the request id', async () => {
  const login = await gateway.request('/api/auth/login', {
    method: 'POST',
    token: null,
    json: { username: 'a', password: 'b' },
    headers: { 'x-request-id': 'req-123' },
  });
  expect(login.status).toBe(200);
  const seen = upstream.received.at(-1)!;
  expect(seen).toMatchObject({ method: 'POST', url: '/api/auth/login', body: '{"username":"a","password":"b"}' });
  expect(seen.headers['x-request-id']).toBe('req-123');

  const countries = await gateway.request('/api/countries?x=1', { roles: ['Manager'] });
  expect(countries.status).toBe(200);
  expect(upstream.received.at(-1)!.url).toBe('/api/countries?x=1');
});

it('marks API answers no-store unless the service chose its own caching', async () => {
  const plain = await gateway.request('/api/countries', { roles: ['Manager'] });
  expect(plain.headers.get('cache-control')).toBe('no-store');
  const chosen = await gateway.request('/api/countries/cacheable', { roles: ['Manager'] });
  expect(chosen.headers.get('cache-control')).toBe('private, max-age=60');
});

it('refuses a protected route with no token (401) and the wrong role (403) before it reaches the service', async () => {
  const before = upstream.received.length;
  expect((await gateway.request('/api/countries', { token: null })).status).toBe(401);
  const forbidden = await gateway.request('/api/countries', { roles: ['Salesagent'] });
  expect(forbidden.status).toBe(403);
  expect(forbidden.headers.get('content-type')).toMatch(/problem\+json/);
  expect((await gateway.request('/api/identity/roles', { roles: ['Manager'] })).status).toBe(403);
  expect(upstream.received.length).toBe(before);
});

it('answers 404 problem for an /api path no service owns', async () => {
  const response = await gateway.request('/api/nothing-here', { headers: authHeader() });
  expect(response.status).toBe(404);
  expect((await response.json()).detail).toMatch(/No route/);
});

it('answers a fast 503 problem when the owning service is down, and keeps serving the others', async () => {
  const started = Date.now();
  const response = await gateway.request('/api/categories');
  expect(Date.now() - started).toBeLessThan(1000);
  expect(response.status).toBe(503);
  expect(await response.json()).toMatchObject({
    status: 503,
    code: 'upstream_unavailable',
    detail: 'The catalogue service is unavailable; try again shortly.',
  });
  expect((await gateway.request('/api/countries')).status).toBe(200);
});

it('sends security headers with a content security policy', async () => {
  const response = await gateway.request('/api/config', { token: null });
  expect(response.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
});
