import { z } from 'zod';
import { JWT_AUDIENCE_DEFAULT, JWT_ISSUER_DEFAULT } from '@backoffice/contracts';

/** Thrown at start when the environment is wrong; names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p.variable}: ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const pem = z
  .string()
  .min(1)
  .transform((value) => value.replace(/\\n/g, '\n'))
  .refine((value) => value.includes('-----BEGIN'), 'must be a PEM key');

/** Variables every service reads. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  SERVICE_NAME: z.string().min(1),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535),
  /** A second port for /health/* and /metrics only; when set, PORT no longer answers them (the gateway's public edge). */
  OPS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_PUBLIC_KEY: pem,
  JWT_ISSUER: z.string().default(JWT_ISSUER_DEFAULT),
  JWT_AUDIENCE: z.string().default(JWT_AUDIENCE_DEFAULT),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /** A request body that stops arriving is answered 408 after this long without a byte (see registerBodyIdleTimeout). */
  BODY_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** How long a client may take to send a request's headers before the 408 (see headerLimits). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(10_000),
  /** After SIGTERM: how long requests are still served as usual (readiness already failing), then refused with 503. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(1000),
  /** After SIGTERM: the listener closes once nothing is in flight and no request has come for this long. */
  SHUTDOWN_QUIET_MS: z.coerce.number().int().min(0).default(300),
  /**
   * Whose X-Forwarded-For to believe for the client's address (login throttling counts by it):
   * "true", "false", a hop count, or a comma list of proxy addresses or CIDRs. Unset: services
   * believe it (only the gateway reaches them, and it sets the header); the gateway, the edge,
   * does not (set it to the load balancer's addresses when one is in front).
   */
  TRUST_PROXY: z.string().trim().optional(),
});

/** Fastify's trustProxy from TRUST_PROXY (see baseConfigSchema); the gateway is the edge and trusts no one by default. */
export function trustProxySetting(config: Pick<BaseConfig, 'TRUST_PROXY' | 'SERVICE_NAME'>): boolean | number | string[] {
  const value = config.TRUST_PROXY;
  if (!value) return config.SERVICE_NAME !== 'gateway';
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Variables of a service that owns a database. */
export const databaseConfigSchema = z.object({
  DATABASE_URL: z.string().url(),
  /** Connections one process may hold for requests (the relay and cache listener hold one each besides). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
});
/** Variables of a service that publishes or consumes events. */
export const kafkaConfigSchema = z.object({
  KAFKA_BROKERS: z
    .string()
    .min(1)
    .transform((value) =>
      value
        .split(',')
        .map((b) => b.trim())
        .filter(Boolean),
    ),
  KAFKA_CLIENT_ID: z.string().optional(),
});

export type BaseConfig = z.infer<typeof baseConfigSchema>;

/** Parses `env` with `schema`, throwing a ConfigError naming each bad variable. */
export function parseConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => ({
      variable: issue.path.join('.') || '(environment)',
      message: issue.message,
    })),
  );
}
