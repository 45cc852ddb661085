import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { redisUrl, type TestService } from '@backoffice/platform/testing';
import { startGateway } from './gateway-test-kit';

/**
 * Redis gone on the authentication path. Every protected request asks whether its session was ended (revocation,
 * kept in Redis): with Redis unreachable the gateway cannot tell, so it fails closed, answering 503 problem that
 * names the cause, quickly, and forwards nothing; public routes keep working; when Redis is back, so is everything.
 * Redis is the real one, reached through a TCP relay this test cuts and restores.
 */
class RedisRelay {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  /** Redis is gone: every connection through the relay is cut and no new one is accepted. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

function upstreamService(): Promise<{ server: HttpServer; url: string; hits: () => number }> {
  let hits = 0;
  const server = createHttpServer((_request, response) => {
    hits++;
    response.setHeader('content-type', 'application/json');
    response.end('[]');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, hits: () => hits }),
    ),
  );
}

const real = new URL(redisUrl());
const relay = new RedisRelay({ host: real.hostname, port: Number(real.port || 6379) });
let gateway: TestService;
let upstream: Awaited<ReturnType<typeof upstreamService>>;

beforeAll(async () => {
  await relay.open();
  upstream = await upstreamService();
  const through = new URL(real.href);
  through.hostname = '127.0.0.1';
  through.port = String(relay.port);
  gateway = await startGateway({ REDIS_URL: through.href, GEOGRAPHY_URL: upstream.url });
});

afterAll(async () => {
  // The gateway first, while Redis is still reachable: its clients then quit at once instead of reconnecting.
  await gateway?.close();
  await relay.cut();
  upstream?.server.close();
});

it('fails closed with a quick 503 problem naming Redis while Redis is gone, keeps public routes, and recovers', async () => {
  expect((await gateway.request('/api/countries')).status).toBe(200);
  const forwarded = upstream.hits();

  await relay.cut();
  const answers: { status: number; ms: number; body: { status?: number; detail?: string } }[] = [];
  for (let i = 0; i < 5; i++) {
    const started = Date.now();
    const response = await gateway.request('/api/countries');
    answers.push({ status: response.status, ms: Date.now() - started, body: await response.json() });
    expect(response.headers.get('content-type')).toMatch(/problem\+json/);
  }
  for (const answer of answers) {
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ status: 503, detail: expect.stringMatching(/Redis is unavailable/) });
    // The Redis client gives up after its few reconnection attempts: seconds, not the client's patience.
    expect(answer.ms).toBeLessThan(5000);
  }
  // Nothing reached the service without its session checked.
  expect(upstream.hits()).toBe(forwarded);
  // A route that needs no session does not need Redis.
  expect((await gateway.request('/api/config', { token: null })).status).toBe(200);

  await relay.open();
  const back = Date.now() + 20_000;
  let status = 0;
  while (Date.now() < back && (status = (await gateway.request('/api/countries')).status) !== 200) {
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(status).toBe(200);
  expect(upstream.hits()).toBe(forwarded + 1);
}, 60_000);
