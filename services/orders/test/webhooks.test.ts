import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import {
  WEBHOOK_PATHS,
  type CommandResult,
  type Page,
  type WebhookDelivery,
  type WebhookSubscriptionWithSecret,
} from '@backoffice/contracts';
import { clientToken, signToken, type TestService } from '@backoffice/platform/testing';
import { webhookContractProblems } from '../../../tests/event-contract';
import { eventually, json, seedCatalogue, seedOrder, startOrders, tokenFor } from './orders-test-kit';

/*
 * Signed webhooks end to end: the real orders service (its outbox relay publishes to real Kafka, its webhook
 * consumer reads the topics with its own group, its worker POSTs) and receivers on 127.0.0.1 in this test.
 * Retries are fast here (WEBHOOK_RETRY_BASE_MS); the schedule itself has unit tests.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** An HTTP receiver that records each request and answers with the next status of `script` (then 200). */
async function receiver(script: number[] = []): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const statuses = [...script];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      allReceived.push(received.at(-1)!);
      const status = statuses.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : `failing on purpose (${status})`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`, received };
}

/**
 * Standard Webhooks verification written from the scheme's description, independently of the service's code:
 * HMAC-SHA256 keyed with the base64-decoded secret after `whsec_`, over `${id}.${timestamp}.${body}`, compared in
 * constant time with each space-separated `v1,<base64>` signature, the timestamp within 5 minutes.
 */
function verifyStandardWebhook(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const id = String(headers['webhook-id']);
  const timestamp = String(headers['webhook-timestamp']);
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.split('_')[1], 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((entry) => {
      const [version, signature] = entry.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

let service: TestService;
const servers: Server[] = [];
const admin = tokenFor(['Admin']);
const manager = tokenFor(['Manager']);

beforeAll(async () => {
  service = await startOrders({
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_RETRY_BASE_MS: '300',
    WEBHOOK_RETRY_MAX_MS: '600',
    WEBHOOK_POLL_INTERVAL_MS: '100',
  });
  await seedCatalogue(service, [{ id: 7, name: 'Tourist visa application', price: 149 }]);
}, 120_000);

/** Every body any receiver of this file got, checked against asyncapi.yaml's `webhooks` channel at the end. */
const allReceived: Received[] = [];

afterAll(async () => {
  expect(allReceived.length).toBeGreaterThan(0);
  expect(webhookContractProblems(allReceived.map((r) => r.body))).toEqual([]);
  await service?.close();
  for (const server of servers) server.close();
});

async function subscribe(url: string, eventTypes: string[], token = admin): Promise<WebhookSubscriptionWithSecret> {
  const { status, body } = await json<WebhookSubscriptionWithSecret>(
    service.request(WEBHOOK_PATHS.subscriptions, { method: 'POST', token, json: { url, eventTypes } }),
  );
  expect(status).toBe(201);
  return body;
}

const call = async (path: string, init: Parameters<TestService['request']>[1] = {}) => {
  const { status, body } = await json<CommandResult>(service.request(path, { token: manager, ...init }));
  expect(status).toBe(200);
  return body;
};

/** A submitted client service, then its status changes: real events through the outbox and Kafka. */
async function clientServiceWithChanges(statuses: string[]): Promise<string> {
  const orderId = await seedOrder(service, [{ itemId: 7, itemName: 'Tourist visa application', amount: 149 }]);
  const id = (await call('/api/client-services/submit', { method: 'POST', json: { orderId, itemId: 7 } })).clientServiceId!;
  for (const status of statuses) {
    expect(
      (await call('/api/ServiceTransaction', { method: 'POST', json: { clientServiceId: id, status, note: `to ${status}` } })).success,
    ).toBe(true);
  }
  return id;
}

const events = (received: Received[]) =>
  received.map((r) => ({
    webhookId: r.headers['webhook-id'],
    ...(JSON.parse(r.body) as { id: string; type: string; subject: string; sequence: string; data: { to?: string } }),
  }));

it('manages subscriptions for Admin and webhooks:manage clients only, with a whsec_ secret shown once', async () => {
  const created = await subscribe('https://hooks.example.com/in', ['orders.order.v1', 'orders.client-service.v1:status-changed']);
  expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(24);
  expect(created).toMatchObject({ enabled: true, eventTypes: ['orders.order.v1', 'orders.client-service.v1:status-changed'] });

  const { body: read } = await json<Record<string, unknown>>(service.request(WEBHOOK_PATHS.subscription(created.id), { token: admin }));
  expect(read.id).toBe(created.id);
  expect(read).not.toHaveProperty('secret');

  const asClient = await json<unknown[]>(service.request(WEBHOOK_PATHS.subscriptions, { token: clientToken('webhooks:manage') }));
  expect(asClient.status).toBe(200);
  expect((await service.request(WEBHOOK_PATHS.subscriptions, { token: clientToken('orders:write') })).status).toBe(403);
  expect((await service.request(WEBHOOK_PATHS.subscriptions, { token: manager })).status).toBe(403);

  const bad = await json<{ errors: { path: string }[] }>(
    service.request(WEBHOOK_PATHS.subscriptions, { method: 'POST', token: admin, json: { url: 'ftp://x', eventTypes: ['nope.v1'] } }),
  );
  expect(bad.status).toBe(400);
  expect(bad.body.errors.map((e) => e.path).sort()).toEqual(['eventTypes.0', 'url']);

  const typo = await json<{ errors: { path: string; message: string }[] }>(
    service.request(WEBHOOK_PATHS.subscriptions, {
      method: 'POST',
      token: admin,
      json: { url: 'https://hooks.example.com/in', eventTypes: ['orders.order.v1', 'orders.client-service.v1:status-change'] },
    }),
  );
  expect(typo.status).toBe(400);
  expect(typo.body.errors).toEqual([
    { path: 'eventTypes.1', message: expect.stringContaining('the closest are "orders.client-service.v1:status-changed"') },
  ]);
  const typoOnUpdate = await service.request(WEBHOOK_PATHS.subscription(created.id), {
    method: 'PUT',
    token: admin,
    json: { eventTypes: ['orders.order.v1:create'] },
  });
  expect(typoOnUpdate.status).toBe(400);

  const updated = await json<{ enabled: boolean }>(
    service.request(WEBHOOK_PATHS.subscription(created.id), { method: 'PUT', token: admin, json: { enabled: false } }),
  );
  expect(updated.body.enabled).toBe(false);
  expect((await service.request(WEBHOOK_PATHS.test(created.id), { method: 'POST', token: admin })).status).toBe(409);
  expect((await service.request(WEBHOOK_PATHS.subscription(created.id), { method: 'DELETE', token: admin })).status).toBe(204);
  expect((await service.request(WEBHOOK_PATHS.subscription(created.id), { token: admin })).status).toBe(404);
});

it('gives each subscription to whoever made it: an API client sees and changes only its own, an Admin every one', async () => {
  const clientA = signToken({ scope: 'webhooks:manage', sub: randomUUID(), roles: [], email: '' });
  const clientB = signToken({ scope: 'webhooks:manage', sub: randomUUID(), roles: [], email: '' });
  const ofAdmin = await subscribe('https://hooks.example.com/admin', ['orders.order.v1']);
  const ofA = await subscribe('https://hooks.example.com/a', ['orders.order.v1'], clientA);
  const ids = async (token: string) =>
    (await json<{ id: string }[]>(service.request(WEBHOOK_PATHS.subscriptions, { token }))).body.map((s) => s.id);

  expect(await ids(clientA)).toEqual([ofA.id]);
  expect(await ids(clientB)).toEqual([]);
  expect(await ids(admin)).toEqual(expect.arrayContaining([ofAdmin.id, ofA.id]));

  const test = await json<{ id: string }>(service.request(WEBHOOK_PATHS.test(ofA.id), { method: 'POST', token: clientA }));
  expect(test.status).toBe(202);
  for (const [path, init] of [
    [WEBHOOK_PATHS.subscription(ofA.id), {}],
    [WEBHOOK_PATHS.subscription(ofA.id), { method: 'PUT', json: { enabled: false } }],
    [WEBHOOK_PATHS.test(ofA.id), { method: 'POST' }],
    [WEBHOOK_PATHS.deliveries(ofA.id), {}],
    [WEBHOOK_PATHS.replay(ofA.id), { method: 'POST', json: { from: new Date(Date.now() - 60_000).toISOString() } }],
    [WEBHOOK_PATHS.resend(test.body.id), { method: 'POST' }],
    [WEBHOOK_PATHS.subscription(ofA.id), { method: 'DELETE' }],
    [WEBHOOK_PATHS.subscription(ofAdmin.id), { method: 'DELETE' }],
  ] as const) {
    expect([path, init, (await service.request(path, { ...init, token: clientB })).status]).toEqual([path, init, 404]);
  }
  expect((await service.request(WEBHOOK_PATHS.subscription(ofAdmin.id), { token: clientA })).status).toBe(404);
  expect((await service.request(WEBHOOK_PATHS.subscription(ofA.id), { token: clientA })).status).toBe(200);
  expect((await service.request(WEBHOOK_PATHS.subscription(ofA.id), { token: admin })).status).toBe(200);
  expect((await service.request(WEBHOOK_PATHS.subscription(ofA.id), { method: 'DELETE', token: clientA })).status).toBe(204);
  expect((await service.request(WEBHOOK_PATHS.subscription(ofAdmin.id), { method: 'DELETE', token: admin })).status).toBe(204);
});

it('delivers a client-service status change signed per Standard Webhooks, and retries a failing receiver with the same webhook-id, in order', async () => {
  const good = await receiver();
  const flaky = await receiver([500, 500, 500]);
  servers.push(good.server, flaky.server);
  const goodSub = await subscribe(good.url, ['orders.client-service.v1:status-changed']);
  const flakySub = await subscribe(flaky.url, ['orders.client-service.v1']);

  const id = await clientServiceWithChanges(['Verified', 'Completed']);

  // The healthy receiver: both status changes, in order, each signed so an independent verifier accepts it.
  await eventually(() => events(good.received).filter((e) => e.subject === id).length >= 2, 60_000, 'two status changes at the receiver');
  const mine = good.received.filter((r) => JSON.parse(r.body).subject === id);
  // The type names its topic (unambiguous alone: the name the subscription lists); the sequence orders one subject's events.
  expect(events(mine).map((e) => [e.type, e.data.to])).toEqual([
    ['orders.client-service.v1:status-changed', 'Verified'],
    ['orders.client-service.v1:status-changed', 'Completed'],
  ]);
  const [earlier, later] = events(mine).map((e) => e.sequence);
  expect(earlier).toMatch(/^\d{19}$/);
  expect(later > earlier).toBe(true);
  for (const request of mine) {
    expect(verifyStandardWebhook(goodSub.secret, request.headers, request.body)).toBe(true);
    expect(verifyStandardWebhook(flakySub.secret, request.headers, request.body)).toBe(false); // another subscription's secret
    expect(request.headers['webhook-id']).toBe(JSON.parse(request.body).id);
    expect(request.headers['content-type']).toBe('application/json');
  }
  expect(verifyStandardWebhook(goodSub.secret, mine[0].headers, mine[0].body.replace('Verified', 'Completed'))).toBe(false);

  // The failing receiver: 500 three times, then 200 on the fourth attempt, always the same webhook-id; the later
  // events of the same client service wait until the first one is through.
  await eventually(
    () => events(flaky.received).filter((e) => e.data.to === 'Completed').length >= 1,
    60_000,
    'the flaky receiver catching up',
  );
  const flakyEvents = events(flaky.received);
  expect(flakyEvents.map((e) => e.type.replace('orders.client-service.v1:', ''))).toEqual([
    'submitted',
    'submitted',
    'submitted',
    'submitted',
    'status-changed',
    'status-changed',
  ]);
  expect(flakyEvents.slice(3).map((e) => e.sequence)).toEqual(
    flakyEvents
      .slice(3)
      .map((e) => e.sequence)
      .sort(),
  );
  expect(flakyEvents.find((e) => e.data.to === 'Verified')?.sequence).toBe(events(mine)[0].sequence);
  expect(new Set(flakyEvents.slice(0, 4).map((e) => e.webhookId))).toEqual(new Set([flakyEvents[0].id]));
  expect(flakyEvents.slice(4).map((e) => e.data.to)).toEqual(['Verified', 'Completed']);
  for (const request of flaky.received) expect(verifyStandardWebhook(flakySub.secret, request.headers, request.body)).toBe(true);

  // The delivery log: every attempt with its status code, duration and the start of the answer.
  const log = await json<Page<WebhookDelivery>>(service.request(`${WEBHOOK_PATHS.deliveries(flakySub.id)}?pageSize=10`, { token: admin }));
  expect(log.status).toBe(200);
  expect(log.body.total).toBe(3);
  const first = log.body.items.at(-1)!;
  expect(first).toMatchObject({ eventType: 'submitted', subject: id, status: 'succeeded', attempts: 4, lastStatusCode: 200 });
  expect(first.attemptLog.map((a) => [a.attempt, a.statusCode])).toEqual([
    [1, 500],
    [2, 500],
    [3, 500],
    [4, 200],
  ]);
  expect(first.attemptLog[0].responseBody).toBe('failing on purpose (500)');
  expect(first.attemptLog.every((a) => a.durationMs >= 0 && a.error === null)).toBe(true);
});

it('sends a test event and resends a delivery with the same webhook-id', async () => {
  const target = await receiver();
  servers.push(target.server);
  const subscription = await subscribe(target.url, ['orders.order.v1']);
  const test = await json<WebhookDelivery>(service.request(WEBHOOK_PATHS.test(subscription.id), { method: 'POST', token: admin }));
  expect(test.status).toBe(202);
  await eventually(() => target.received.length === 1, 20_000, 'the test event');
  const [received] = events(target.received);
  expect(received).toMatchObject({ type: 'webhook.test', subject: subscription.id, id: test.body.eventId });
  expect(verifyStandardWebhook(subscription.secret, target.received[0].headers, target.received[0].body)).toBe(true);

  const resend = await json<WebhookDelivery>(service.request(WEBHOOK_PATHS.resend(test.body.id), { method: 'POST', token: admin }));
  expect(resend.status).toBe(202);
  expect(resend.body).toMatchObject({ resendOf: test.body.id, eventId: test.body.eventId, status: 'pending' });
  await eventually(() => target.received.length === 2, 20_000, 'the resent event');
  expect(target.received[1].headers['webhook-id']).toBe(test.body.eventId);
  expect(target.received[1].body).toBe(target.received[0].body);
  expect((await service.request(WEBHOOK_PATHS.resend(randomUUID()), { method: 'POST', token: admin })).status).toBe(404);
});

it('replays a subscription’s events from a point in time, from before it existed, the ones it got under the same webhook-id', async () => {
  const since = new Date(Date.now() - 1000).toISOString();
  const before = await clientServiceWithChanges(['Verified']); // published before the subscription exists
  const target = await receiver();
  servers.push(target.server);
  const subscription = await subscribe(target.url, ['orders.client-service.v1:status-changed']);
  const after = await clientServiceWithChanges(['Verified']);
  const of = (subject: string) => events(target.received).filter((e) => e.subject === subject);
  await eventually(() => of(after).length === 1, 30_000, 'the live event');
  expect(of(before)).toEqual([]); // it happened before the subscription: not sent live

  const replay = await json<{ events: number }>(
    service.request(WEBHOOK_PATHS.replay(subscription.id), { method: 'POST', token: admin, json: { from: since } }),
  );
  expect(replay.status).toBe(202);
  expect(replay.body.events).toBeGreaterThanOrEqual(2);
  await eventually(() => of(before).length === 1 && of(after).length === 2, 30_000, 'the replayed events');
  expect(of(before)[0]).toMatchObject({ type: 'orders.client-service.v1:status-changed', data: { to: 'Verified' } });
  expect(new Set(of(after).map((e) => e.webhookId)).size).toBe(1); // a repeat carries the same webhook-id
  expect(new Set(of(after).map((e) => e.sequence)).size).toBe(1); // and the same sequence: older than anything newer
  expect(verifyStandardWebhook(subscription.secret, target.received.at(-1)!.headers, target.received.at(-1)!.body)).toBe(true);

  const refused = async (from: unknown) =>
    (await service.request(WEBHOOK_PATHS.replay(subscription.id), { method: 'POST', token: admin, json: { from } })).status;
  expect(await refused('2999-01-01T00:00:00Z')).toBe(400);
  expect(await refused('yesterday')).toBe(400);
  expect(await refused(undefined)).toBe(400);
  expect((await service.request(WEBHOOK_PATHS.replay(randomUUID()), { method: 'POST', token: admin, json: { from: since } })).status).toBe(
    404,
  );
});
