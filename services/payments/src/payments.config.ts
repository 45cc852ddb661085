import { z } from 'zod';
import { baseConfigSchema, databaseConfigSchema, kafkaConfigSchema } from '@backoffice/platform';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

export const paymentsConfigSchema = baseConfigSchema
  .extend(databaseConfigSchema.shape)
  .extend(kafkaConfigSchema.shape)
  .extend({
    /** Real Authorize.Net credentials; when both are absent the local simulator is used with its own. */
    AUTHNET_API_LOGIN_ID: optionalText,
    AUTHNET_TRANSACTION_KEY: optionalText,
    /** sandbox or production: the SDK's endpoint when real credentials are set and AUTHNET_ENDPOINT is not. */
    AUTHNET_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
    /** Overrides the endpoint. Unset without credentials: the simulator at PORT + 10 (payments 3007, simulator 3017). */
    AUTHNET_ENDPOINT: optionalText.pipe(z.url().optional()),
    /** Upper bound on one provider call (the SDK's callback never fires on network errors). */
    AUTHNET_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** Transactions per getTransactionList page (the provider's maximum is 1000). */
    AUTHNET_PAGE_SIZE: z.coerce.number().int().min(1).max(1000).default(1000),
    /** The simulator's credentials (used when no real ones are configured). */
    AUTHNET_SIM_LOGIN_ID: z.string().min(1).default('simulator-login'),
    AUTHNET_SIM_TRANSACTION_KEY: z.string().min(1).default('simulator-transaction-key'),
    /** The orders service, asked whether an order exists before a payment is recorded for it. */
    ORDERS_URL: z.string().url().default('http://127.0.0.1:3004'),
    ORDERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
    SEED_DEMO_DATA: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  });

export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

export interface AuthNetTarget {
  endpoint: string;
  loginId: string;
  transactionKey: string;
  simulator: boolean;
}

/** Where settlement calls go and with which credentials. */
export function authNetTarget(config: PaymentsConfig): AuthNetTarget {
  const real = Boolean(config.AUTHNET_API_LOGIN_ID && config.AUTHNET_TRANSACTION_KEY);
  if (real) {
    const endpoint =
      config.AUTHNET_ENDPOINT ??
      (config.AUTHNET_ENVIRONMENT === 'production'
        ? 'https://api2.authorize.net/xml/v1/request.api'
        : 'https://apitest.authorize.net/xml/v1/request.api');
    return { endpoint, loginId: config.AUTHNET_API_LOGIN_ID!, transactionKey: config.AUTHNET_TRANSACTION_KEY!, simulator: false };
  }
  const endpoint = config.AUTHNET_ENDPOINT ?? `http://127.0.0.1:${(config.PORT || 3007) + 10}/xml/v1/request.api`;
  return { endpoint, loginId: config.AUTHNET_SIM_LOGIN_ID, transactionKey: config.AUTHNET_SIM_TRANSACTION_KEY, simulator: true };
}
