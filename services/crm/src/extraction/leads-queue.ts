import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, type ConnectionOptions } from 'bullmq';
import Redis from 'ioredis';
import { closeRedis, SERVICE_CONFIG } from '@backoffice/platform/worker';
import type { CrmConfig } from '../crm.config';

/** The CRM's one BullMQ queue. */
export const LEADS_QUEUE = 'crm-leads';

/** Every job of the queue; each has exactly one handler class in the worker (checked at start). */
export const LEAD_JOB_NAMES = ['import-leads', 'index-lead-group'] as const;
export type LeadJobName = (typeof LEAD_JOB_NAMES)[number];

/** Data of an `import-leads` job. */
export interface ImportLeadsJobData {
  uploadId: number;
  attempt: number;
}

/** Data of an `index-lead-group` job: build the search indexes of a new group's partition. */
export interface IndexLeadGroupJobData {
  groupId: number;
}

/** Job ids derive from what they work on, so a repeated request enqueues once. */
export const importJobId = (uploadId: number, attempt: number) => `lead-upload-${uploadId}-${attempt}`;
export const indexJobId = (groupId: number) => `lead-group-index-${groupId}`;

export function parseImportJobId(jobId: string): { uploadId: number; attempt: number } | undefined {
  const match = /^lead-upload-(\d{1,10})-(\d{1,10})$/.exec(jobId);
  if (!match) return undefined;
  const uploadId = Number(match[1]);
  const attempt = Number(match[2]);
  return uploadId > 0 && uploadId <= 2147483647 && attempt > 0 ? { uploadId, attempt } : undefined;
}

/** A Redis connection as BullMQ wants it (workers block, so no per-request retry limit). */
export function bullConnection(config: CrmConfig): ConnectionOptions {
  return new Redis(config.REDIS_URL, { maxRetriesPerRequest: null, enableOfflineQueue: true, connectTimeout: 2000 });
}

/** The producer side, used by the API to enqueue and to read job states. */
@Injectable()
export class LeadsQueue implements OnApplicationShutdown {
  readonly queue: Queue;
  private readonly connection: Redis;

  constructor(@Inject(SERVICE_CONFIG) config: CrmConfig) {
    this.connection = bullConnection(config) as Redis;
    this.queue = new Queue(LEADS_QUEUE, {
      connection: this.connection,
      prefix: config.CRM_QUEUE_PREFIX,
      defaultJobOptions: {
        attempts: config.CRM_JOB_ATTEMPTS,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: { age: 24 * 3600, count: 1000 },
        removeOnFail: { age: 7 * 24 * 3600, count: 1000 },
      },
    });
    // Errors surface on the calls; the queue's own event would otherwise crash the process.
    this.queue.on('error', () => undefined);
  }

  async onApplicationShutdown() {
    await this.queue.close().catch(() => undefined);
    await closeRedis(this.connection);
  }
}
