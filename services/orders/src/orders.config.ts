import { z } from 'zod';
import { baseConfigSchema, databaseConfigSchema, kafkaConfigSchema, serviceUrlsSchema } from '@backoffice/platform';

/** A service's URL (or its replicas' URLs, comma-separated); unset or empty: not asked. */
const optionalUrl = z.preprocess((value) => (value === '' ? undefined : value), serviceUrlsSchema.optional());

export const ordersConfigSchema = baseConfigSchema
  .extend(databaseConfigSchema.shape)
  .extend(kafkaConfigSchema.shape)
  .extend({
    KAFKA_TOPIC_PREFIX: z.string().default(''),
    /** Tax and shipping lookup at order intake. */
    GEOGRAPHY_URL: serviceUrlsSchema.default('http://127.0.0.1:3005'),
    /** Branches, to check and name the branch of an assignment. Unset: assignments are not checked (standalone tests). */
    SCHEDULING_URL: optionalUrl,
    /** Staff users, to check and name the provider of an assignment. Unset: assignments are not checked (standalone tests). */
    IDENTITY_URL: optionalUrl,
    /** How long a call to another service may take. */
    SERVICE_CALL_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
    /** Local development only: webhooks may use http and reach private, loopback and link-local addresses. */
    WEBHOOK_ALLOW_PRIVATE_TARGETS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    /** A subscriber must answer 2xx within this time. */
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    /**
     * How long a claimed delivery stays with one worker: well above WEBHOOK_TIMEOUT_MS, so only a crashed worker's
     * claims come back (and are sent again, with the same webhook-id).
     */
    WEBHOOK_CLAIM_LEASE_MS: z.coerce.number().int().positive().default(60_000),
    /** Wait after a delivery's first failed attempt; it doubles after each further one (with jitter). */
    WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().positive().default(30_000),
    /** Longest wait between two attempts of a delivery. */
    WEBHOOK_RETRY_MAX_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(60 * 60_000),
    /** How long a delivery is retried before it is marked failed (3 days). */
    WEBHOOK_RETRY_WINDOW_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(72 * 60 * 60_000),
    /** How often the delivery worker looks for due deliveries (it is also woken when events arrive). */
    WEBHOOK_POLL_INTERVAL_MS: z.coerce.number().int().positive().default(1000),
    SEED_DEMO_DATA: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  });

export type OrdersConfig = z.infer<typeof ordersConfigSchema>;
