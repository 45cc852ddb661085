import { z } from 'zod';
import { isTimeZone } from '@backoffice/contracts';
import { baseConfigSchema, databaseConfigSchema, kafkaConfigSchema } from '@backoffice/platform';

export const schedulingConfigSchema = baseConfigSchema
  .extend(databaseConfigSchema.shape)
  .extend(kafkaConfigSchema.shape)
  .extend({
    /** Time zone of a branch created without one (IANA name). */
    DEFAULT_BRANCH_TIME_ZONE: z.string().refine(isTimeZone, 'must be an IANA time zone').default('America/New_York'),
  });

export type SchedulingConfig = z.infer<typeof schedulingConfigSchema>;
