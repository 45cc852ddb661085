import { z } from 'zod';
import { SERVICE_NAMES, SERVICE_PORTS, serviceUrlVariable, type ServiceUrlVariable } from '@backoffice/contracts';
import { baseConfigSchema, serviceUrlsSchema } from '@backoffice/platform';

const serviceUrls = Object.fromEntries(
  SERVICE_NAMES.map((name) => [serviceUrlVariable(name), serviceUrlsSchema.default(`http://127.0.0.1:${SERVICE_PORTS[name]}`)]),
) as Record<ServiceUrlVariable, z.ZodDefault<typeof serviceUrlsSchema>>;

export const gatewayConfigSchema = baseConfigSchema.extend(serviceUrls).extend({
  CONSOLE_DIR: z.string().default('console/dist'),
  CURRENCY: z.string().length(3).default('USD'),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: z.string().default('&copy; OpenStreetMap contributors'),
  /** Largest body the gateway forwards (lead spreadsheets are the biggest). */
  PROXY_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  /** crm's limit for a lead spreadsheet (the same variable crm reads): the gateway refuses bigger uploads itself. */
  CRM_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(45 * 1024 * 1024),
  UPSTREAM_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(500),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** Requests an API client may make per API_CLIENT_RATE_WINDOW_MS, all gateway replicas together; 0: no limit. */
  API_CLIENT_RATE_LIMIT: z.coerce.number().int().min(0).default(600),
  API_CLIENT_RATE_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

/** The URL variable of `service` as configured: one URL, or several replicas' separated by commas. */
export function upstreamUrls(config: GatewayConfig, service: (typeof SERVICE_NAMES)[number]): string {
  return config[serviceUrlVariable(service)];
}

/** The first replica of `service`, for the gateway's own occasional calls (API docs, settlement status). */
export function upstreamUrl(config: GatewayConfig, service: (typeof SERVICE_NAMES)[number]): string {
  return upstreamUrls(config, service).split(',')[0].trim();
}
