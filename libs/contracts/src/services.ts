/**
 * The services of the product, their default local ports and databases.
 * One source for the gateway's routing table, the local runner and the deploy checks.
 */
export const SERVICE_NAMES = ['identity', 'catalogue', 'crm', 'orders', 'geography', 'scheduling', 'payments'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export const SERVICE_PORTS: Record<ServiceName | 'gateway', number> = {
  gateway: 8080,
  identity: 3001,
  catalogue: 3002,
  crm: 3003,
  orders: 3004,
  geography: 3005,
  scheduling: 3006,
  payments: 3007,
};

/** The gateway's port for /health/* and /metrics (its main port is the public edge and answers them 404). */
export const GATEWAY_OPS_PORT = 9080;

export const databaseName = (service: ServiceName): string => `backoffice_${service}`;

/** Env variable a service reads to find another service (its replicas' URLs, comma-separated), e.g. GEOGRAPHY_URL. */
export type ServiceUrlVariable = `${Uppercase<ServiceName>}_URL`;
export const serviceUrlVariable = (service: ServiceName): ServiceUrlVariable => `${service.toUpperCase() as Uppercase<ServiceName>}_URL`;
