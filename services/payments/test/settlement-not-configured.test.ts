import type { TestService } from '@backoffice/platform/testing';
import { startPayments } from './payments-test-kit';

/**
 * Without Authorize.Net credentials and without AUTHNET_SIMULATOR=true, settlement never falls back to the
 * simulator: it answers 503 settlement_not_configured naming what to set, and says so on the internal route.
 */
let service: TestService;

beforeAll(async () => {
  service = await startPayments({ AUTHNET_API_LOGIN_ID: '', AUTHNET_TRANSACTION_KEY: '', AUTHNET_SIMULATOR: 'false' });
});

afterAll(async () => {
  await service?.close();
});

const expectNotConfigured = async (response: Response) => {
  expect(response.status).toBe(503);
  expect(response.headers.get('content-type')).toMatch(/problem\+json/);
  const body = await response.json();
  expect(body).toMatchObject({ status: 503, code: 'settlement_not_configured' });
  expect(body.detail).toMatch(/^Card settlement is not configured/);
  expect(body.detail).toContain('AUTHNET_API_LOGIN_ID');
  expect(body.detail).toContain('AUTHNET_TRANSACTION_KEY');
  expect(body.detail).toContain('AUTHNET_SIMULATOR=true');
};

it('answers 503 settlement_not_configured for the batches and a batch transactions, naming what to set', async () => {
  await expectNotConfigured(
    await service.request('/api/payments/settlement/batches?from=2026-11-01&to=2026-11-02', { roles: ['Manager'] }),
  );
  await expectNotConfigured(await service.request('/api/payments/settlement/batches/123456/transactions', { roles: ['Manager'] }));
});

it('says on the internal route that settlement is not configured, with what to set', async () => {
  const response = await service.request('/internal/payments/settlement', { token: null });
  expect(response.status).toBe(200);
  const body = await response.json();
  expect(body.mode).toBe('not_configured');
  expect(body.detail).toContain('AUTHNET_API_LOGIN_ID');
});
