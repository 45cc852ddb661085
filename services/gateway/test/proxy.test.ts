import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { authHeader, type TestService } from '@backoffice/platform/testing';
import { startGateway } from './gateway-test-kit';

/** The endless answers whose connection the gateway closed. */
const abandonedAnswers: string[] = [];

/** A stand-in upstream that echoes what it received, so the proxy's behaviour is visible. */
function echoServer(): Promise<{
  server: Server;
  url: string;
  received: { method: string; url: string; headers: Record<string, unknown>; body: string }[];
}> {
  const received: { method: string; url: string; headers: Record<string, unknown>; body: string }[] = [];
  const server = createServer((request, response) => {
    // A service that takes longer than the gateway waits: it never answers.
    if (request.url!.includes('stall=')) return;
    // An answer that never ends (64 kB every 50 ms): whether the gateway lets go of it when its client does.
    if (request.url!.includes('endless=')) {
      response.setHeader('content-type', 'application/octet-stream');
      const timer = setInterval(() => response.write(Buffer.alloc(65_536)), 50);
      response.on('close', () => {
        clearInterval(timer);
        abandonedAnswers.push(request.url!);
      });
      return;
    }
    // A large answer, in 64 kB writes: with its length declared, or chunked.
    const big = /[?&]big=(\d+)(&chunked)?/.exec(request.url!);
    if (big) {
      const bytes = Number(big[1]);
      response.setHeader('content-type', 'application/octet-stream');
      if (!big[2]) response.setHeader('content-length', String(bytes));
      for (let sent = 0; sent < bytes; sent += 65_536) response.write(Buffer.alloc(Math.min(65_536, bytes - sent), sent % 251));
      return void response.end();
    }
    let body = '';
    request.on('error', () => undefined); // a body the gateway stopped forwarding (over its limit)
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

/** How long the gateway waits for a service's answer here (60 s in production): short, so the 504 comes quickly. */
const UPSTREAM_TIMEOUT_MS = 1500;

/** How long a request body may pause here before the 408 (30 s in production). */
const BODY_IDLE_TIMEOUT_MS = 800;
/** How long a request's headers may take here (20 s in production). */
const HEADERS_TIMEOUT_MS = 1000;

let gateway: TestService;
let upstream: Awaited<ReturnType<typeof echoServer>>;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  upstream = await echoServer();
  const logDestination = { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) };
  gateway = await startGateway(
    {
      IDENTITY_URL: upstream.url,
      GEOGRAPHY_URL: upstream.url,
      CRM_URL: upstream.url,
      CRM_UPLOAD_MAX_BYTES: '200000', // the deployment's lead spreadsheet limit, which the gateway follows
      CATALOGUE_URL: 'http://127.0.0.1:1', // nothing listens there: the service is "down"
      CURRENCY: 'EUR',
      UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
      BODY_IDLE_TIMEOUT_MS: String(BODY_IDLE_TIMEOUT_MS),
      HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      LOG_LEVEL: 'info',
    },
    { logDestination },
  );
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

it('takes a request target in absolute form (RFC 9112 section 3.2.2) for its path: routed, checked and forwarded as such', async () => {
  const port = Number(new URL(gateway.url).port);
  const auth = authHeader({ roles: ['Manager'] }).authorization;
  const absolute = (target: string) =>
    rawExchange(port, `GET ${target} HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\nConnection: close\r\n\r\n`, []);
  const { text } = await absolute('http://gateway.example/api/countries?absolute=1');
  expect(text).toMatch(/^HTTP\/1\.1 200 /);
  expect(text).toMatch(/content-security-policy: default-src 'none'; frame-ancestors 'none'/i);
  expect(upstream.received.at(-1)!.url).toBe('/api/countries?absolute=1');
  // The same checks as the origin form: a climbing path is refused, a path no service owns is a 404 problem.
  expect((await absolute('http://gateway.example/api/leads/mine/../groups')).text).toMatch(/^HTTP\/1\.1 400 [^]*malformed_request/);
  expect((await absolute('http://gateway.example/api/nothing-here')).text).toMatch(
    /^HTTP\/1\.1 404 [^]*No route for GET \/api\/nothing-here/,
  );
});

it('streams an answer larger than it reads whole, declared or chunked, plain or gzipped, byte for byte; HEAD keeps the length', async () => {
  const bytes = 3 * 1024 * 1024 + 17;
  const expected = Buffer.concat(
    Array.from({ length: Math.ceil(bytes / 65_536) }, (_, i) => Buffer.alloc(Math.min(65_536, bytes - i * 65_536), (i * 65_536) % 251)),
  );
  for (const query of [`big=${bytes}`, `big=${bytes}&chunked`]) {
    const response = await gateway.request(`/api/countries?${query}`, { headers: { 'accept-encoding': 'identity' } });
    expect(`${query} ${response.status}`).toBe(`${query} 200`);
    expect(response.headers.get('content-length')).toBe(query.endsWith('chunked') ? null : String(bytes));
    expect(Buffer.from(await response.arrayBuffer()).equals(expected)).toBe(true);
  }
  // A client that takes gzip gets the stream compressed by the gateway (the service sent it plain), and whole.
  const compressed = await gateway.request(`/api/countries?big=${bytes}`, { headers: { 'accept-encoding': 'gzip' } });
  expect(compressed.headers.get('content-encoding')).toBe('gzip');
  expect(Buffer.from(await compressed.arrayBuffer()).equals(expected)).toBe(true);
  const head = await gateway.request(`/api/countries?big=${bytes}`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
  expect(head.status).toBe(200);
  expect(head.headers.get('content-length')).toBe(String(bytes));
  expect((await head.arrayBuffer()).byteLength).toBe(0);
});

it('lets go of a service’s answer when its client goes away in the middle of it', async () => {
  const port = Number(new URL(gateway.url).port);
  const socket = connect({ host: '127.0.0.1', port });
  socket.write(
    `GET /api/countries?endless=1 HTTP/1.1\r\nHost: x\r\n${Object.entries(authHeader({ roles: ['Admin'] }))
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n')}\r\n\r\n`,
  );
  let received = 0;
  await new Promise<void>((resolve) =>
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > 200_000) resolve();
    }),
  );
  socket.destroy();
  const started = Date.now();
  while (!abandonedAnswers.includes('/api/countries?endless=1') && Date.now() - started < 3000) await sleep(20);
  expect(abandonedAnswers).toContain('/api/countries?endless=1');
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

it('refuses a lead spreadsheet over the configured CRM_UPLOAD_MAX_BYTES itself, and forwards one under it', async () => {
  const upload = (bytes: number) =>
    gateway.request('/api/leads/uploads', {
      method: 'POST',
      roles: ['Manager'],
      body: Buffer.alloc(bytes, 'a'),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
  const before = upstream.received.length;
  const over = await upload(200_000 + 64 * 1024 + 1);
  expect(over.status).toBe(413);
  expect(upstream.received.length).toBe(before);
  expect((await upload(150_000)).status).toBe(200);
  expect(upstream.received.length).toBe(before + 1);
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

it('sends the console’s documents the whole set of security headers, and API answers the set an API needs', async () => {
  const document = await gateway.request('/admin/users', { token: null });
  await document.arrayBuffer();
  expect(document.headers.get('content-security-policy')).toMatch(/default-src 'self'.*script-src 'self'/);
  expect(document.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  for (const path of ['/api/config', '/api/countries']) {
    const response = await gateway.request(path, { token: path === '/api/config' ? null : undefined });
    await response.arrayBuffer();
    expect(`${path} ${response.status}`).toBe(`${path} 200`);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    // The document policies mean nothing for JSON.
    expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(response.headers.get('x-dns-prefetch-control')).toBeNull();
  }
});

it('answers 504 problem naming the service when it does not answer in time, and keeps serving', async () => {
  const started = Date.now();
  const response = await gateway.request('/api/countries?stall=1');
  const waited = Date.now() - started;
  expect(response.status).toBe(504);
  expect(response.headers.get('content-type')).toMatch(/problem\+json/);
  expect(await response.json()).toMatchObject({
    status: 504,
    code: 'upstream_timeout',
    detail: 'The geography service did not answer in time; try again shortly.',
  });
  // It waited for the service as long as configured, and not much longer.
  expect(waited).toBeGreaterThanOrEqual(UPSTREAM_TIMEOUT_MS - 50);
  expect(waited).toBeLessThan(UPSTREAM_TIMEOUT_MS + 3000);
  expect((await gateway.request('/api/countries')).status).toBe(200);
});

describe('body limit (1 MiB of JSON on every route)', () => {
  const limit = 1024 * 1024;
  const body = (bytes: number) => JSON.stringify({ username: 'a'.repeat(bytes - 30), password: 'b' });

  it('forwards a JSON body just under the limit', async () => {
    const json = body(limit - 100);
    expect(Buffer.byteLength(json)).toBeLessThanOrEqual(limit);
    const response = await gateway.request('/api/auth/login', {
      method: 'POST',
      token: null,
      body: json,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(upstream.received.at(-1)!.body).toBe(json);
  });

  it('answers 413 problem to a declared body over the limit, without forwarding a byte, and serves the next request', async () => {
    const before = upstream.received.length;
    const json = body(limit + 100);
    const response = await gateway.request('/api/auth/login', {
      method: 'POST',
      token: null,
      body: json,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      status: 413,
      code: 'payload_too_large',
      detail: expect.stringContaining('1,048,576 bytes'),
    });
    expect(upstream.received.length).toBe(before);
    expect((await gateway.request('/api/config', { token: null })).status).toBe(200);
  });

  it('answers 413 problem to a streamed body (no Content-Length) once it passes the limit', async () => {
    const before = upstream.received.length;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 2 * limit) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${gateway.url}/api/auth/login`, {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/octet-stream' },
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ status: 413, code: 'payload_too_large' });
    // The service never received a whole body.
    expect(upstream.received.length).toBe(before);
  });
});

/**
 * Writes `head` and the `chunks` (one every `gapMs`) on a raw socket and answers everything the server sent back
 * until it closed the connection, with when that was.
 */
function rawExchange(port: number, head: string, chunks: string[], gapMs = 0): Promise<{ text: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => (text += data));
    // A server closing on a request it did not read to the end resets the connection after its answer.
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' && text ? undefined : reject(error)));
    socket.on('close', () => resolve({ text, ms: Date.now() - started }));
    socket.on('connect', async () => {
      socket.write(head);
      for (const chunk of chunks) {
        if (gapMs) await sleep(gapMs);
        if (!socket.destroyed) socket.write(chunk);
      }
    });
  });
}

describe('a request body that stops arriving', () => {
  const port = () => Number(new URL(gateway.url).port);
  const login = (length: number) =>
    `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;

  it('is answered 408 problem and its connection closed after the idle time, on a hundred sockets at once, and the gateway serves on', async () => {
    const before = upstream.received.length;
    const answers = await Promise.all(Array.from({ length: 100 }, () => rawExchange(port(), login(100), ['{"username"'])));
    for (const { text, ms } of answers) {
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(text).toMatch(/content-type: application\/problem\+json/i);
      expect(text).toContain('"code":"body_stalled"');
      expect(ms).toBeGreaterThanOrEqual(BODY_IDLE_TIMEOUT_MS - 50);
      expect(ms).toBeLessThan(BODY_IDLE_TIMEOUT_MS + 5000);
    }
    expect(upstream.received.length).toBe(before);
    expect((await gateway.request('/api/config', { token: null })).status).toBe(200);
  });

  it('is not cut while it keeps coming, however slowly in all', async () => {
    const json = JSON.stringify({ username: 'slow', password: 'steady' });
    const chunks = json.match(/.{1,4}/g)!; // ten chunks, 300 ms apart: 3 s in all, each gap under the idle time
    const { text } = await rawExchange(port(), login(Buffer.byteLength(json)), chunks, 300);
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(upstream.received.at(-1)!.body).toBe(json);
  });

  it('takes a client that hangs up mid-body for what it is: logged at info, never as an upstream failure', async () => {
    const from = logLines.length;
    await new Promise<void>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port: port() }, () => {
        socket.write(`${login(100).replace('Connection: close\r\n', '')}{"username":`);
        setTimeout(() => socket.destroy(), 200);
      });
      socket.on('error', () => undefined);
      socket.on('close', () => resolve());
    });
    await sleep(300);
    const lines = logLines.slice(from);
    expect(lines.filter((line) => (line.level as number) >= 40)).toEqual([]);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 30, msg: 'the client hung up before its request body ended', upstream: 'identity' }),
    );
    expect((await gateway.request('/api/config', { token: null })).status).toBe(200);
  });

  it('does not bound the time the service takes once the body has all come', async () => {
    const response = await gateway.request('/api/countries?stall=1', { method: 'POST', json: { name: 'x' } });
    // The service's own time limit (1.5 s, longer than the body's idle time) is what ends it.
    expect(response.status).toBe(504);
  });
});

describe('requests refused before any route sees them', () => {
  const port = () => Number(new URL(gateway.url).port);
  const expectProblem = (text: string, status: number, code: string) => {
    expect(text).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(text).toMatch(/content-type: application\/problem\+json/i);
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { status: number; code: string };
    expect(body).toMatchObject({ status, code });
  };

  it('answers a malformed request line, or Content-Length beside chunked, with a 400 problem', async () => {
    expectProblem((await rawExchange(port(), 'NOT HTTP AT ALL\r\n\r\n', [])).text, 400, 'malformed_request');
    const smuggled = 'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n';
    expectProblem((await rawExchange(port(), smuggled, [])).text, 400, 'malformed_request');
  });

  it('answers CONNECT, which asks for a tunnel, with a 405 problem', async () => {
    const connectRequest = 'CONNECT internal.example:5432 HTTP/1.1\r\nHost: internal.example:5432\r\n\r\n';
    expectProblem((await rawExchange(port(), connectRequest, [])).text, 405, 'method_not_allowed');
  });

  it('answers a request with two Host headers with a 400 problem', async () => {
    const twoHosts = 'GET /api/config HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\nConnection: close\r\n\r\n';
    expectProblem((await rawExchange(port(), twoHosts, [])).text, 400, 'malformed_request');
  });

  it('answers headers over the limit with a 431 problem', async () => {
    const head = `GET /api/config HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`;
    expectProblem((await rawExchange(port(), head, [])).text, 431, 'headers_too_large');
  });

  it('answers headers that trickle in too slowly with a 408 problem, and closes the connection', async () => {
    const { text, ms } = await rawExchange(port(), 'GET /api/config HTTP/1.1\r\n', ['Host: x\r\n', 'X-A: 1\r\n', 'X-B: 2\r\n'], 400);
    expectProblem(text, 408, 'request_timeout');
    expect(ms).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(HEADERS_TIMEOUT_MS + 3000);
    expect((await gateway.request('/api/config', { token: null })).status).toBe(200);
  });
});
