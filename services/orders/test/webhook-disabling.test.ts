import { createServer, type Server } from 'node:http';
import {
  WEBHOOK_PATHS,
  type Page,
  type WebhookDelivery,
  type WebhookSubscription,
  type WebhookSubscriptionWithSecret,
} from '@backoffice/contracts';
import type { TestService } from '@backoffice/platform/testing';
import { eventually, json, startOrders, tokenFor } from './orders-test-kit';

/*
 * A receiver that keeps failing for the whole retry window (shortened here to 1.5 s) gets its subscription turned off,
 * with the reason on it; enabling it again clears the reason, and deliveries go out again.
 */
let service: TestService;
let server: Server;
let failing = true;
let hits = 0;
let url = '';
const admin = tokenFor(['Admin']);

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      hits++;
      response.writeHead(failing ? 503 : 200).end(failing ? 'down for maintenance' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`;
  service = await startOrders({
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_RETRY_BASE_MS: '200',
    WEBHOOK_RETRY_MAX_MS: '300',
    WEBHOOK_RETRY_WINDOW_MS: '1500',
    WEBHOOK_POLL_INTERVAL_MS: '100',
  });
}, 120_000);

afterAll(async () => {
  await service?.close();
  server?.close();
});

const subscription = async (id: string) =>
  (await json<WebhookSubscription>(service.request(WEBHOOK_PATHS.subscription(id), { token: admin }))).body;

it('turns a subscription off after a delivery fails for the whole retry window, and back on when asked', async () => {
  const created = await json<WebhookSubscriptionWithSecret>(
    service.request(WEBHOOK_PATHS.subscriptions, { method: 'POST', token: admin, json: { url, eventTypes: ['orders.order.v1'] } }),
  );
  expect(created.status).toBe(201);
  const id = created.body.id;
  expect(created.body).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null });

  expect((await service.request(WEBHOOK_PATHS.test(id), { method: 'POST', token: admin })).status).toBe(202);
  await eventually(async () => !(await subscription(id)).enabled, 20_000, 'the subscription turned off');
  const off = await subscription(id);
  expect(off.disabledReason).toBe(
    'Turned off: deliveries failed for the whole retry window (last answer: 503). Enable it again once the receiver answers.',
  );
  expect(off.disabledAt).not.toBeNull();
  const log = (await json<Page<WebhookDelivery>>(service.request(WEBHOOK_PATHS.deliveries(id), { token: admin }))).body;
  expect(log.items[0]).toMatchObject({ status: 'failed' });
  expect(hits).toBeGreaterThanOrEqual(2);

  // While it is off, a test event is refused (409) and nothing is sent.
  const before = hits;
  expect((await service.request(WEBHOOK_PATHS.test(id), { method: 'POST', token: admin })).status).toBe(409);
  expect(hits).toBe(before);

  // The receiver is back: enabling clears the reason, and deliveries go out again.
  failing = false;
  const on = await json<WebhookSubscription>(
    service.request(WEBHOOK_PATHS.subscription(id), { method: 'PUT', token: admin, json: { enabled: true } }),
  );
  expect(on.body).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null });
  expect((await service.request(WEBHOOK_PATHS.test(id), { method: 'POST', token: admin })).status).toBe(202);
  await eventually(
    async () => {
      const page = (await json<Page<WebhookDelivery>>(service.request(WEBHOOK_PATHS.deliveries(id), { token: admin }))).body;
      return page.items.some((d) => d.status === 'succeeded');
    },
    20_000,
    'a delivery sent once enabled',
  );
});
