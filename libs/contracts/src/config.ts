import { z } from 'zod';
import { SettlementStatusSchema } from './payments';

/** What the console reads at start from GET /api/config (no auth). */
export const RuntimeConfigSchema = z.object({
  currency: z.string().length(3),
  mapTileUrl: z.string(),
  mapAttribution: z.string(),
  /** Card settlement: served from Authorize.Net, simulated, or not configured (asked of the payments service). */
  settlement: SettlementStatusSchema,
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;
