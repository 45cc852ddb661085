import { createServer, type Server } from 'node:http';
import { clientToken, type TestService } from '@backoffice/platform/testing';
import { startGateway } from './gateway-test-kit';

/** The orders service: answers every request, counting them. */
let orders: Server;
let served = 0;
let gateway: TestService;
const LIMIT = 5;
const WINDOW_MS = 3000;

beforeAll(async () => {
  orders = createServer((_request, response) => {
    served++;
    response.setHeader('content-type', 'application/json');
    response.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => orders.listen(0, '127.0.0.1', resolve));
  gateway = await startGateway({
    ORDERS_URL: `http://127.0.0.1:${(orders.address() as { port: number }).port}`,
    API_CLIENT_RATE_LIMIT: String(LIMIT),
    API_CLIENT_RATE_WINDOW_MS: String(WINDOW_MS),
  });
});

afterAll(async () => {
  await gateway?.close();
  orders?.close();
});

const order = (token: string) => gateway.request('/api/orders', { method: 'POST', token, json: { id: 'x' } });

it('lets an API client make its limit of requests a window, says what is left, then answers 429 problem with Retry-After without forwarding', async () => {
  // Start at a window's beginning, so that all the requests below fall in one.
  await new Promise((resolve) => setTimeout(resolve, WINDOW_MS - (Date.now() % WINDOW_MS) + 20));
  const storefront = clientToken('orders:write', 'Storefront');
  const before = served;
  for (let i = 1; i <= LIMIT; i++) {
    const response = await order(storefront);
    expect(response.status).toBe(200);
    expect(response.headers.get('ratelimit-limit')).toBe(String(LIMIT));
    expect(response.headers.get('ratelimit-remaining')).toBe(String(LIMIT - i));
    expect(Number(response.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
  }
  const refused = await order(storefront);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(refused.headers.get('ratelimit-remaining')).toBe('0');
  expect(await refused.json()).toMatchObject({ status: 429, code: 'too_many_requests' });
  expect(served - before).toBe(LIMIT);

  // Another client has its own count, and staff requests are not counted at all.
  expect((await order(clientToken('orders:write', 'Partner'))).status).toBe(200);
  const staff = await gateway.request('/api/orders', { roles: ['Manager'] });
  expect(staff.status).toBe(200);
  expect(staff.headers.get('ratelimit-limit')).toBeNull();

  // The next window starts the count again.
  await new Promise((resolve) => setTimeout(resolve, Number(refused.headers.get('retry-after')) * 1000));
  expect((await order(storefront)).status).toBe(200);
});
