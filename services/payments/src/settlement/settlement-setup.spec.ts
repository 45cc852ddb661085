import { testKeys } from '@backoffice/platform/testing';
import { paymentsConfigSchema, settlementSetup } from '../payments.config';

const setup = (env: Record<string, string>) =>
  settlementSetup(
    paymentsConfigSchema.parse({
      SERVICE_NAME: 'payments',
      PORT: '3007',
      JWT_PUBLIC_KEY: testKeys.publicKey,
      REDIS_URL: 'redis://127.0.0.1:6379',
      DATABASE_URL: 'postgres://127.0.0.1/x',
      KAFKA_BROKERS: '127.0.0.1:9092',
      ...env,
    }),
  );

describe('settlementSetup', () => {
  it('calls Authorize.Net with both credentials (sandbox unless production), whatever the simulator flag says', () => {
    const live = setup({ AUTHNET_API_LOGIN_ID: 'login', AUTHNET_TRANSACTION_KEY: 'key', AUTHNET_SIMULATOR: 'true' });
    expect(live).toEqual({
      mode: 'live',
      target: { endpoint: 'https://apitest.authorize.net/xml/v1/request.api', loginId: 'login', transactionKey: 'key', simulator: false },
    });
    const production = setup({ AUTHNET_API_LOGIN_ID: 'login', AUTHNET_TRANSACTION_KEY: 'key', AUTHNET_ENVIRONMENT: 'production' });
    expect(production.mode === 'live' && production.target.endpoint).toBe('https://api2.authorize.net/xml/v1/request.api');
  });

  it('uses the simulator only when asked to: on this host at PORT + 10 unless AUTHNET_SIMULATOR_URL says where', () => {
    expect(setup({ AUTHNET_SIMULATOR: 'true' })).toMatchObject({
      mode: 'simulated',
      target: { endpoint: 'http://127.0.0.1:3017/xml/v1/request.api', simulator: true },
    });
    expect(setup({ AUTHNET_SIMULATOR: 'true', AUTHNET_SIMULATOR_URL: 'http://authnet-sim:3017/xml/v1/request.api' })).toMatchObject({
      mode: 'simulated',
      target: { endpoint: 'http://authnet-sim:3017/xml/v1/request.api' },
    });
  });

  it('is not configured without credentials and without the simulator (no silent fallback), or with one credential only', () => {
    const none = setup({});
    expect(none.mode).toBe('not_configured');
    expect(none.mode === 'not_configured' && none.detail).toMatch(
      /AUTHNET_API_LOGIN_ID and AUTHNET_TRANSACTION_KEY.*AUTHNET_SIMULATOR=true/,
    );
    const blank = setup({ AUTHNET_API_LOGIN_ID: ' ', AUTHNET_TRANSACTION_KEY: '' });
    expect(blank.mode).toBe('not_configured');
    const half = setup({ AUTHNET_API_LOGIN_ID: 'login', AUTHNET_SIMULATOR: 'true' });
    expect(half.mode === 'not_configured' && half.detail).toMatch(/AUTHNET_API_LOGIN_ID is set but AUTHNET_TRANSACTION_KEY is not/);
  });
});
