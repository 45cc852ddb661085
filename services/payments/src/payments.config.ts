import { z } from 'zod';
import { baseConfigSchema, databaseConfigSchema, kafkaConfigSchema, serviceUrlsSchema } from '@backoffice/platform';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

export const paymentsConfigSchema = baseConfigSchema
  .extend(databaseConfigSchema.shape)
  .extend(kafkaConfigSchema.shape)
  .extend({
    /** Authorize.Net credentials (from a secret). Both set: settlement calls the provider. */
    AUTHNET_API_LOGIN_ID: optionalText,
    AUTHNET_TRANSACTION_KEY: optionalText,
    /** sandbox or production: the SDK's endpoint when real credentials are set and AUTHNET_ENDPOINT is not. */
    AUTHNET_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
    /** Overrides the provider's endpoint (used with real credentials only). */
    AUTHNET_ENDPOINT: optionalText.pipe(z.url().optional()),
    /** Upper bound on one provider call (the SDK's callback never fires on network errors). */
    AUTHNET_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** Transactions per getTransactionList page (the provider's maximum is 1000). */
    AUTHNET_PAGE_SIZE: z.coerce.number().int().min(1).max(1000).default(1000),
    /**
     * true: without credentials, settlement reads the Authorize.Net simulator's made-up batches (demo and
     * development only; the console labels them "Simulated data"). Never a fallback: false and no
     * credentials means settlement answers that it is not configured.
     */
    AUTHNET_SIMULATOR: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    /** The simulator's endpoint. Unset: on this host at PORT + 10 (payments 3007, simulator 3017). */
    AUTHNET_SIMULATOR_URL: optionalText.pipe(z.url().optional()),
    /** The simulator's credentials. */
    AUTHNET_SIM_LOGIN_ID: z.string().min(1).default('simulator-login'),
    AUTHNET_SIM_TRANSACTION_KEY: z.string().min(1).default('simulator-transaction-key'),
    /** The orders service, asked whether an order exists before a payment is recorded for it. */
    ORDERS_URL: serviceUrlsSchema.default('http://127.0.0.1:3004'),
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

/** How card settlement is served: the provider, the simulator, or not at all (with what to set). */
export type SettlementSetup = { mode: 'live' | 'simulated'; target: AuthNetTarget } | { mode: 'not_configured'; detail: string };

const CREDENTIALS = ['AUTHNET_API_LOGIN_ID', 'AUTHNET_TRANSACTION_KEY'] as const;

/** Where settlement calls go and with which credentials, or why they cannot go anywhere. */
export function settlementSetup(config: PaymentsConfig): SettlementSetup {
  const missing = CREDENTIALS.filter((name) => !config[name]);
  if (missing.length === 0) {
    const endpoint =
      config.AUTHNET_ENDPOINT ??
      (config.AUTHNET_ENVIRONMENT === 'production'
        ? 'https://api2.authorize.net/xml/v1/request.api'
        : 'https://apitest.authorize.net/xml/v1/request.api');
    return {
      mode: 'live',
      target: { endpoint, loginId: config.AUTHNET_API_LOGIN_ID!, transactionKey: config.AUTHNET_TRANSACTION_KEY!, simulator: false },
    };
  }
  if (missing.length === 1) {
    return {
      mode: 'not_configured',
      detail: `Card settlement is not configured: ${CREDENTIALS.find((n) => n !== missing[0])} is set but ${missing[0]} is not. Set both Authorize.Net credentials on the payments service.`,
    };
  }
  if (config.AUTHNET_SIMULATOR) {
    const endpoint = config.AUTHNET_SIMULATOR_URL ?? `http://127.0.0.1:${(config.PORT || 3007) + 10}/xml/v1/request.api`;
    return {
      mode: 'simulated',
      target: { endpoint, loginId: config.AUTHNET_SIM_LOGIN_ID, transactionKey: config.AUTHNET_SIM_TRANSACTION_KEY, simulator: true },
    };
  }
  return {
    mode: 'not_configured',
    detail:
      'Card settlement is not configured: set AUTHNET_API_LOGIN_ID and AUTHNET_TRANSACTION_KEY (the Authorize.Net API login id and transaction key) on the payments service, or AUTHNET_SIMULATOR=true for simulated demo data.',
  };
}
