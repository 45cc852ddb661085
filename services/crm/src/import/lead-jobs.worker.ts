import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Worker, type Job } from 'bullmq';
import type Redis from 'ioredis';
import { jobLogContext, runWithLogContext, SERVICE_CONFIG } from '@backoffice/platform';
import type { CrmConfig } from '../crm.config';
import { bullConnection, LEAD_JOB_NAMES, LEADS_QUEUE } from '../extraction/leads-queue';
import { ImportLeadsJob } from './import-leads.job';
import { IndexLeadGroupJob } from './index-lead-group.job';
import { jobHandlerProblems } from './job-handlers.policy';
import type { LeadJobHandler } from './lead-job.handler';

/**
 * The BullMQ worker of the CRM queue, in the worker process only. Dispatches each job to the one
 * handler of its name (checked at start). On shutdown, running imports are handed back to the
 * queue at once, so a deploy never waits for a long import nor loses it.
 */
@Injectable()
export class LeadJobsWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('LeadJobsWorker');
  private readonly handlers: Map<string, LeadJobHandler>;
  private readonly shutdown = new AbortController();
  private worker?: Worker;
  private connection?: Redis;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: CrmConfig,
    importLeads: ImportLeadsJob,
    indexGroup: IndexLeadGroupJob,
  ) {
    const handlers: LeadJobHandler[] = [importLeads, indexGroup];
    const problems = jobHandlerProblems(
      LEAD_JOB_NAMES,
      handlers.map((handler) => handler.jobName),
    );
    if (problems.length) throw new Error(`The ${LEADS_QUEUE} queue's handlers are wrong: ${problems.join('; ')}.`);
    this.handlers = new Map(handlers.map((handler) => [handler.jobName, handler]));
  }

  onApplicationBootstrap() {
    this.connection = bullConnection(this.config) as Redis;
    this.worker = new Worker(LEADS_QUEUE, (job: Job, token?: string) => this.dispatch(job, token), {
      connection: this.connection,
      prefix: this.config.CRM_QUEUE_PREFIX,
      concurrency: this.config.CRM_WORKER_CONCURRENCY,
      lockDuration: this.config.CRM_JOB_LOCK_MS,
      stalledInterval: this.config.CRM_JOB_LOCK_MS,
      maxStalledCount: 3,
    });
    this.worker.on('error', (error) => this.logger.warn(`queue connection: ${error.message}`));
    this.worker.on('failed', (job, error) => this.logger.warn(`job ${job?.id} failed: ${error.message}`));
    this.worker.on('completed', (job) => this.logger.log(`job ${job.id} completed`));
    this.logger.log(`processing ${LEADS_QUEUE} (concurrency ${this.config.CRM_WORKER_CONCURRENCY})`);
  }

  private dispatch(job: Job, token?: string): Promise<unknown> {
    const handler = this.handlers.get(job.name);
    if (!handler) throw new Error(`No handler for job "${job.name}"`);
    // Its log lines (and the events it writes) carry the job's id and the request that enqueued it.
    return runWithLogContext(jobLogContext(job), () => handler.handle(job, token, this.shutdown.signal));
  }

  async beforeApplicationShutdown() {
    this.shutdown.abort();
    await this.worker?.close();
    this.connection?.disconnect();
  }
}
