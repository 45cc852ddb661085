import { z } from 'zod';
import { baseConfigSchema, ConfigError, parseConfig } from './service-config';

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
