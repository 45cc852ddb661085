import { createServer, type Server } from 'node:http';
import type { TestService } from '@backoffice/platform/testing';
import { startGateway } from './gateway-test-kit';

/** /api/config says how card settlement is served, as the payments service tells it on its internal route. */
let payments: Server;
const asked: string[] = [];
let gateway: TestService;
let gatewayWithoutPayments: TestService;

beforeAll(async () => {
  payments = createServer((request, response) => {
    asked.push(request.url!);
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ mode: 'simulated' }));
  });
  await new Promise<void>((resolve) => payments.listen(0, '127.0.0.1', resolve));
  gateway = await startGateway({ PAYMENTS_URL: `http://127.0.0.1:${(payments.address() as { port: number }).port}` });
  gatewayWithoutPayments = await startGateway({ PAYMENTS_URL: 'http://127.0.0.1:1' }); // nothing listens there
});

afterAll(async () => {
  await gateway?.close();
  await gatewayWithoutPayments?.close();
  payments?.close();
});

it('says the settlement data is simulated when the payments service serves the simulator, asking it once for a while', async () => {
  for (let i = 0; i < 3; i++) {
    const response = await gateway.request('/api/config', { token: null });
    expect(response.status).toBe(200);
    expect((await response.json()).settlement).toEqual({ mode: 'simulated' });
  }
  expect(asked).toEqual(['/internal/payments/settlement']);
});

it('answers the rest of the config with settlement unknown while the payments service is down', async () => {
  const response = await gatewayWithoutPayments.request('/api/config', { token: null });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ currency: 'USD', settlement: { mode: 'unknown' } });
});
