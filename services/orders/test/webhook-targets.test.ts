import { createServer, type Server } from 'node:http';
import { Client } from 'pg';
import { WEBHOOK_PATHS, type Page, type WebhookDelivery, type WebhookSubscriptionWithSecret } from '@backoffice/contracts';
import type { TestService } from '@backoffice/platform/testing';
import { eventually, json, startOrders, tokenFor } from './orders-test-kit';

/*
 * Without WEBHOOK_ALLOW_PRIVATE_TARGETS (production), webhooks never reach this machine or a private network:
 * such URLs are refused when saved, and a name that resolves to a private address is refused when delivering,
 * after the DNS lookup, before anything is sent.
 */

let service: TestService;
let db: Client;
let target: Server;
let port: number;
let hits = 0;
const admin = tokenFor(['Admin']);

beforeAll(async () => {
  service = await startOrders({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false', WEBHOOK_RETRY_BASE_MS: '60000', WEBHOOK_POLL_INTERVAL_MS: '100' });
  db = new Client({ connectionString: service.databaseUrl });
  await db.connect();
  target = createServer((_request, response) => {
    hits++;
    response.end('reached');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  port = (target.address() as { port: number }).port;
}, 120_000);

afterAll(async () => {
  await db?.end();
  await service?.close();
  target?.close();
});

it.each([
  ['http to a public name', 'http://hooks.example.com/in', /https/],
  ['loopback', 'https://127.0.0.1/in', /private/],
  ['IPv6 loopback', 'https://[::1]/in', /private/],
  ['a private network', 'https://10.0.0.5/in', /private/],
  ['the cloud metadata address', 'https://169.254.169.254/latest', /private/],
  ['localhost', 'https://localhost/in', /this machine/],
  ['localhost in capitals with a trailing dot', 'https://LOCALHOST./in', /this machine/],
  ['IPv4-compatible loopback', 'https://[::127.0.0.1]/in', /private/],
  ['IPv4-mapped loopback', 'https://[::ffff:7f00:1]/in', /private/],
  ['6to4 loopback', 'https://[2002:7f00:1::]/in', /private/],
  ['NAT64 of a private network', 'https://[64:ff9b::10.0.0.5]/in', /private/],
])('refuses to save a subscription to %s', async (_name, url, message) => {
  const { status, body } = await json<{ errors: { path: string; message: string }[] }>(
    service.request(WEBHOOK_PATHS.subscriptions, { method: 'POST', token: admin, json: { url, eventTypes: ['orders.order.v1'] } }),
  );
  expect(status).toBe(400);
  expect(body.errors).toEqual([{ path: 'url', message: expect.stringMatching(message) }]);
});

it('refuses, after resolving the name, a target that resolves to a private address', async () => {
  const { status, body: created } = await json<WebhookSubscriptionWithSecret>(
    service.request(WEBHOOK_PATHS.subscriptions, {
      method: 'POST',
      token: admin,
      json: { url: 'https://hooks.example.com/in', eventTypes: ['orders.order.v1'] },
    }),
  );
  expect(status).toBe(201);
  // The name now points at this machine (what a DNS change could do after the URL was accepted).
  await db.query(`update webhook_subscriptions set url = $1 where id = $2`, [`https://localhost:${port}/in`, created.id]);

  expect((await service.request(WEBHOOK_PATHS.test(created.id), { method: 'POST', token: admin })).status).toBe(202);
  const attempt = await eventually(
    async () => {
      const { body } = await json<Page<WebhookDelivery>>(service.request(WEBHOOK_PATHS.deliveries(created.id), { token: admin }));
      return body.items[0]?.attemptLog[0];
    },
    20_000,
    'the first attempt',
  );
  expect(attempt.statusCode).toBeNull();
  expect(attempt.error).toMatch(/^Refused: localhost resolves to (127\.0\.0\.1|::1), a private address$/);
  expect(hits).toBe(0);
});

it('records a target refused before sending (a URL saved while private targets were allowed) as a failed attempt with its reason', async () => {
  const { body: created } = await json<WebhookSubscriptionWithSecret>(
    service.request(WEBHOOK_PATHS.subscriptions, {
      method: 'POST',
      token: admin,
      json: { url: 'https://hooks.example.com/in', eventTypes: ['orders.order.v1'] },
    }),
  );
  await db.query(`update webhook_subscriptions set url = $1 where id = $2`, [`https://[::127.0.0.1]:${port}/in`, created.id]);

  expect((await service.request(WEBHOOK_PATHS.test(created.id), { method: 'POST', token: admin })).status).toBe(202);
  const delivery = await eventually(
    async () => {
      const { body } = await json<Page<WebhookDelivery>>(service.request(WEBHOOK_PATHS.deliveries(created.id), { token: admin }));
      return body.items[0]?.attempts ? body.items[0] : undefined;
    },
    20_000,
    'the first attempt',
  );
  expect(delivery.attemptLog[0]).toMatchObject({ statusCode: null, error: 'Refused: ::7f00:1 is a private address.' });
  expect(delivery.attempts).toBe(1);
  expect(hits).toBe(0);
});
