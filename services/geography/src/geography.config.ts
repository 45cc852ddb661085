import { z } from 'zod';
import { baseConfigSchema, databaseConfigSchema, kafkaConfigSchema } from '@backoffice/platform';

export const geographyConfigSchema = baseConfigSchema
  .extend(databaseConfigSchema.shape)
  .extend(kafkaConfigSchema.shape)
  .extend({
    /** Seeds a small demo dataset (one country with states, cities, boroughs and areas) when the tables are empty. */
    SEED_DEMO_DATA: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  });

export type GeographyConfig = z.infer<typeof geographyConfigSchema>;
