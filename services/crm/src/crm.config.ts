import { z } from 'zod';
import { baseConfigSchema, databaseConfigSchema, kafkaConfigSchema, serviceUrlsSchema } from '@backoffice/platform/worker';

const MB = 1024 * 1024;

export const crmConfigSchema = baseConfigSchema
  .extend(databaseConfigSchema.shape)
  .extend(kafkaConfigSchema.shape)
  .extend({
    /** The identity service, asked for sales agents when leads are assigned (forwarding the caller's token). */
    IDENTITY_URL: serviceUrlsSchema.default('http://127.0.0.1:3001'),
    /** Where uploaded spreadsheets are kept until extracted (shared by the API and the workers). */
    CRM_UPLOAD_DIR: z.string().min(1).default('.local/crm-uploads'),
    CRM_UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(45 * MB),
    /** Checks on the zip directory of an upload, before anything is inflated. */
    CRM_UPLOAD_MAX_ENTRIES: z.coerce.number().int().positive().default(500),
    CRM_UPLOAD_MAX_INFLATED_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * MB),
    CRM_UPLOAD_MAX_RATIO: z.coerce.number().positive().default(200),
    /**
     * AES-256 key for lead SSNs at rest: 32 bytes, base64 or hex. Required in production; in development
     * and tests a key is generated once into .local/keys/crm-ssn.key.
     */
    CRM_SSN_KEY: z.string().optional(),
    /** BullMQ: key prefix (tests isolate themselves with one), job lock and retries. */
    CRM_QUEUE_PREFIX: z.string().min(1).default('bull'),
    CRM_JOB_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
    CRM_JOB_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
    CRM_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    /** Rows written per transaction by an import. */
    CRM_IMPORT_BATCH_ROWS: z.coerce.number().int().min(50).max(50_000).default(5000),
    /**
     * Heap of an import thread (the parse runs there, apart from the job-lock renewal). The young
     * generation matters most: the streaming parse makes short-lived garbage at a high rate, and a
     * small young generation promotes it into the old one, where collecting it is slow.
     */
    CRM_IMPORT_THREAD_HEAP_MB: z.coerce.number().int().min(32).max(4096).default(128),
    CRM_IMPORT_THREAD_YOUNG_MB: z.coerce.number().int().min(4).max(512).default(48),
  });

export type CrmConfig = z.infer<typeof crmConfigSchema>;
