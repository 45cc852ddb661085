import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import type { TestService } from '@backoffice/platform/testing';
import { createAuthNetSimulator } from '../src/simulator/authnet-simulator';
import { AuthNetClient, ProviderError } from '../src/settlement/authnet.client';
import type { PaymentsConfig } from '../src/payments.config';
import { startPayments } from './payments-test-kit';

let simulator: Server;
let endpoint: string;
let service: TestService;

beforeAll(async () => {
  simulator = createAuthNetSimulator({ loginId: 'sim-login', transactionKey: 'sim-key' });
  await new Promise<void>((resolve) => simulator.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(simulator.address() as AddressInfo).port}/xml/v1/request.api`;
  // Real-looking but wrong credentials: the provider refuses them.
  service = await startPayments({
    AUTHNET_ENDPOINT: endpoint,
    AUTHNET_API_LOGIN_ID: 'wrong-login',
    AUTHNET_TRANSACTION_KEY: 'wrong-key',
    AUTHNET_TIMEOUT_MS: '1500',
  });
});

afterAll(async () => {
  await service?.close();
  simulator?.closeAllConnections();
  await new Promise((resolve) => simulator?.close(resolve));
});

const client = (overrides: Partial<PaymentsConfig>) =>
  new AuthNetClient({
    PORT: 3007,
    AUTHNET_ENVIRONMENT: 'sandbox',
    AUTHNET_TIMEOUT_MS: 1000,
    AUTHNET_PAGE_SIZE: 1000,
    AUTHNET_SIM_LOGIN_ID: 'sim-login',
    AUTHNET_SIM_TRANSACTION_KEY: 'sim-key',
    AUTHNET_SIMULATOR: true,
    AUTHNET_SIMULATOR_URL: endpoint,
    ...overrides,
  } as PaymentsConfig);

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
  throw new Error('expected a provider error');
}

describe('provider errors over HTTP', () => {
  it('shows bad credentials clearly: 502 problem naming the provider code, never a 500', async () => {
    const response = await service.request('/api/payments/settlement/batches?from=2026-11-01&to=2026-11-02');
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toMatch(/problem\+json/);
    const body = await response.json();
    expect(body).toMatchObject({ status: 502, code: 'provider_error' });
    expect(body.detail).toMatch(/E00007 User authentication failed due to invalid authentication values\./);
  });
});

describe('the SDK wrapper', () => {
  it('works with the right credentials', async () => {
    const body = await client({}).settledBatchList('2026-10-01T00:00:00Z', '2026-10-20T23:59:59Z');
    expect((body.messages as { resultCode: string }).resultCode).toBe('Ok');
  });

  it('names the provider code of an error answer', async () => {
    const error = await failure(client({ AUTHNET_SIM_LOGIN_ID: 'simulate-processing-error' }).settledBatchList('2026-10-01', '2026-10-02'));
    expect(error.providerCode).toBe('E00001');
    expect(error.status).toBe(502);
  });

  it('turns an HTML error page into a clear error', async () => {
    const error = await failure(client({ AUTHNET_SIM_LOGIN_ID: 'simulate-html-error' }).settledBatchList('2026-10-01', '2026-10-02'));
    expect(error.providerCode).toBe('HTTP 503');
    expect(error.message).toMatch(/error page \(HTTP 503\)/);
  });

  it('gives up on a provider that never answers within the time bound', async () => {
    const started = Date.now();
    const error = await failure(
      client({ AUTHNET_SIM_LOGIN_ID: 'simulate-hang', AUTHNET_TIMEOUT_MS: 800 }).settledBatchList('2026-10-01', '2026-10-02'),
    );
    expect(error.providerCode).toBe('TIMEOUT');
    expect(error.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports a provider that is down (connection refused) quickly', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const started = Date.now();
    const error = await failure(
      client({ AUTHNET_SIMULATOR_URL: `http://127.0.0.1:${port}/xml/v1/request.api` }).transactionList('1', 1, 10),
    );
    expect(error.providerCode).toBe('ECONNREFUSED');
    expect(error.message).toMatch(/could not be reached \(ECONNREFUSED\)/);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('answers the simulator on its health routes and its endpoint only', async () => {
    const base = endpoint.replace('/xml/v1/request.api', '');
    expect((await fetch(`${base}/health/ready`)).status).toBe(200);
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
    expect((await fetch(`${base}/other`)).status).toBe(404);
  });
});
