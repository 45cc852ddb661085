import { z } from 'zod';
import { baseConfigSchema, ConfigError, parseConfig, trustProxySetting } from './service-config';

describe('parseConfig', () => {
  it('names every bad or missing variable in one error', () => {
    const schema = baseConfigSchema.extend({ DATABASE_URL: z.string().url() });
    let error: unknown;
    try {
      parseConfig(schema, { SERVICE_NAME: 'x', PORT: 'eighty', JWT_PUBLIC_KEY: 'not a key', DATABASE_URL: 'nope' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const variables = (error as ConfigError).problems.map((p) => p.variable).sort();
    expect(variables).toEqual(['DATABASE_URL', 'JWT_PUBLIC_KEY', 'PORT']);
    expect((error as ConfigError).message).toMatch(/PORT: /);
  });

  it('applies defaults and turns escaped newlines of a PEM into real ones', () => {
    const config = parseConfig(baseConfigSchema, {
      SERVICE_NAME: 'x',
      PORT: '3000',
      JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nabc\\n-----END PUBLIC KEY-----',
    });
    expect(config.PORT).toBe(3000);
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.JWT_PUBLIC_KEY).toContain('\nabc\n');
  });
});

describe('trustProxySetting', () => {
  it('believes X-Forwarded-For in services and not at the gateway, unless TRUST_PROXY says otherwise', () => {
    expect(trustProxySetting({ SERVICE_NAME: 'crm', TRUST_PROXY: undefined })).toBe(true);
    expect(trustProxySetting({ SERVICE_NAME: 'gateway', TRUST_PROXY: undefined })).toBe(false);
    expect(trustProxySetting({ SERVICE_NAME: 'gateway', TRUST_PROXY: 'true' })).toBe(true);
    expect(trustProxySetting({ SERVICE_NAME: 'crm', TRUST_PROXY: 'false' })).toBe(false);
    expect(trustProxySetting({ SERVICE_NAME: 'gateway', TRUST_PROXY: '2' })).toBe(2);
    expect(trustProxySetting({ SERVICE_NAME: 'gateway', TRUST_PROXY: '10.0.0.0/8, 192.168.1.4' })).toEqual(['10.0.0.0/8', '192.168.1.4']);
  });
});
