import { z } from 'zod';
import { baseConfigSchema, databaseConfigSchema, kafkaConfigSchema } from '@backoffice/platform';

const optionalUrl = z
  .string()
  .optional()
  .transform((value) => (value ? value.replace(/\/+$/, '') : undefined))
  .pipe(z.url().optional());

export const ordersConfigSchema = baseConfigSchema
  .extend(databaseConfigSchema.shape)
  .extend(kafkaConfigSchema.shape)
  .extend({
    KAFKA_TOPIC_PREFIX: z.string().default(''),
    /** Tax and shipping lookup at order intake. */
    GEOGRAPHY_URL: z
      .string()
      .default('http://127.0.0.1:3005')
      .transform((value) => value.replace(/\/+$/, ''))
      .pipe(z.url()),
    /** Branches, to check and name the branch of an assignment. Unset: assignments are not checked (standalone tests). */
    SCHEDULING_URL: optionalUrl,
    /** Staff users, to check and name the provider of an assignment. Unset: assignments are not checked (standalone tests). */
    IDENTITY_URL: optionalUrl,
    /** How long a call to another service may take. */
    SERVICE_CALL_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
    SEED_DEMO_DATA: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  });

export type OrdersConfig = z.infer<typeof ordersConfigSchema>;
