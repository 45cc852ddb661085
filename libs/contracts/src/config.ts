import { z } from 'zod';

/** What the console reads at start from GET /api/config (no auth). */
export const RuntimeConfigSchema = z.object({
  currency: z.string().length(3),
  mapTileUrl: z.string(),
  mapAttribution: z.string(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;
