import { z } from 'zod';
import { CATALOGUE_IMAGE_MAX_BYTES } from '@backoffice/contracts';
import { baseConfigSchema, databaseConfigSchema, kafkaConfigSchema } from '@backoffice/platform';

export const catalogueConfigSchema = baseConfigSchema
  .extend(databaseConfigSchema.shape)
  .extend(kafkaConfigSchema.shape)
  .extend({
    /** Where uploaded images are kept (relative paths resolve from the working directory, the repo root locally). */
    FILE_STORE_DIR: z.string().min(1).default('.local/files/catalogue'),
    /** Largest image accepted by POST /api/catalogue/files. */
    FILE_MAX_BYTES: z.coerce.number().int().positive().default(CATALOGUE_IMAGE_MAX_BYTES),
    SEED_DEMO_DATA: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  });

export type CatalogueConfig = z.infer<typeof catalogueConfigSchema>;
