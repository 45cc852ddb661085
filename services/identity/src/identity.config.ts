import { z } from 'zod';
import { baseConfigSchema, databaseConfigSchema, kafkaConfigSchema } from '@backoffice/platform';

const pem = z
  .string()
  .min(1)
  .transform((value) => value.replace(/\\n/g, '\n'))
  .refine((value) => value.includes('-----BEGIN'), 'must be a PEM key');

export const identityConfigSchema = baseConfigSchema
  .extend(databaseConfigSchema.shape)
  .extend(kafkaConfigSchema.shape)
  .extend({
    JWT_PRIVATE_KEY: pem,
    ADMIN_EMAIL: z.string().email().default('admin@backoffice.local'),
    ADMIN_PASSWORD: z.string().min(8).default('ChangeMe!2026'),
    ADMIN_NAME: z.string().min(1).default('Administrator'),
    COOKIE_SECURE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** Failed logins allowed per account and address before a 15-minute block. */
    LOGIN_MAX_FAILURES_PER_USER_AND_IP: z.coerce.number().int().positive().default(5),
    /** The two-factor setting's value until an Admin changes it: required for Admin and Manager. */
    TWO_FACTOR_REQUIRED: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** Encrypts two-factor secrets at rest; without it, a key is derived from JWT_PRIVATE_KEY. */
    TOTP_ENCRYPTION_KEY: z.string().min(32).optional(),
    /** The issuer name authenticator apps show next to the account. */
    TOTP_ISSUER: z.string().min(1).default('Back-office'),
    /** Days the audit log keeps a record (docs/architecture.md, "Audit log"). */
    AUDIT_RETENTION_DAYS: z.coerce.number().int().positive().default(400),
    /** How often records past the retention are purged. */
    AUDIT_PURGE_INTERVAL_MINUTES: z.coerce.number().int().positive().default(60),
  });

export type IdentityConfig = z.infer<typeof identityConfigSchema>;
