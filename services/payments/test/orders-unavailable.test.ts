import { randomUUID } from 'node:crypto';
import type { TestService } from '@backoffice/platform/testing';
import { startPayments } from './payments-test-kit';

/** Payments with the orders service out of reach: a payment cannot be checked, so it is refused with 503, never recorded blind. */
let service: TestService;

beforeAll(async () => {
  service = await startPayments({ ORDERS_URL: 'http://127.0.0.1:1', ORDERS_TIMEOUT_MS: '500' });
});

afterAll(async () => {
  await service?.close();
});

it('answers 503 naming the orders service when it cannot check the order', async () => {
  const response = await service.request('/api/payments', {
    method: 'POST',
    json: { orderId: randomUUID(), amount: 10, merchant: 'Authorize.Net' },
    roles: ['Manager'],
  });
  expect(response.status).toBe(503);
  expect((await response.json()).detail).toMatch(/orders service/);
});
