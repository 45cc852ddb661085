import { Logger } from '@nestjs/common';
import { DelayedError, Worker, type Job } from 'bullmq';
import type Redis from 'ioredis';
import { Gauge, Histogram } from 'prom-client';
import { closeRedis, jobLogContext, metricsRegistry, releaseMemory, runWithLogContext } from '@backoffice/platform/worker';
import type { CrmConfig } from '../crm.config';
import { bullConnection, LEAD_JOB_NAMES, LEADS_QUEUE, type LeadJobName } from '../extraction/leads-queue';
import { jobHandlerProblems } from './job-handlers.policy';

/** One class per job: the worker dispatches a job to the handler named like it. */
export interface LeadJobHandler<Data = unknown, Result = unknown> {
  readonly jobName: LeadJobName;
  /** `signal` aborts when the worker shuts down: hand the job back rather than finishing it. */
  handle(job: Job<Data>, token: string | undefined, signal: AbortSignal): Promise<Result>;
}

/** Thrown by a handler that handed its job back to the queue on shutdown. */
export class JobHandedBack extends Error {}

/** What ops watch of the queue's work on a worker's /metrics: each run by job and outcome, and how many run now. */
const jobRuns = new Histogram({
  name: 'crm_job_run_seconds',
  help: 'Runs of the lead jobs in this worker by job and outcome (completed; delayed: handed back or waiting for an earlier run; failed), in seconds',
  labelNames: ['job', 'outcome'],
  buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 1200],
  registers: [metricsRegistry],
});
const jobsRunning = new Gauge({ name: 'crm_jobs_running', help: 'Lead jobs running in this worker now', registers: [metricsRegistry] });

/**
 * The BullMQ worker of the CRM queue, in the worker process only. Dispatches each job to the one
 * handler of its name (checked at start). On shutdown, running imports are handed back to the
 * queue at once, so a deploy never waits for a long import nor loses it.
 */
export class LeadJobsWorker {
  private readonly logger = new Logger('LeadJobsWorker');
  private readonly handlers: Map<string, LeadJobHandler>;
  private readonly shutdown = new AbortController();
  private worker?: Worker;
  private connection?: Redis;
  private running = 0;
  private idleTimer?: NodeJS.Timeout;

  constructor(
    private readonly config: CrmConfig,
    handlers: LeadJobHandler[],
  ) {
    const problems = jobHandlerProblems(
      LEAD_JOB_NAMES,
      handlers.map((handler) => handler.jobName),
    );
    if (problems.length) throw new Error(`The ${LEADS_QUEUE} queue's handlers are wrong: ${problems.join('; ')}.`);
    this.handlers = new Map(handlers.map((handler) => [handler.jobName, handler]));
  }

  start() {
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

  /** The queue's connection answers (for the readiness check). */
  async ping(): Promise<void> {
    if (!this.connection) throw new Error('not started');
    await this.connection.ping();
  }

  private async dispatch(job: Job, token?: string): Promise<unknown> {
    const handler = this.handlers.get(job.name);
    if (!handler) throw new Error(`No handler for job "${job.name}"`);
    jobsRunning.set(++this.running);
    clearTimeout(this.idleTimer);
    const timed = jobRuns.startTimer({ job: job.name });
    try {
      // Its log lines (and the events it writes) carry the job's id and the request that enqueued it.
      const result = await runWithLogContext(jobLogContext(job), () => handler.handle(job, token, this.shutdown.signal));
      timed({ outcome: 'completed' });
      return result;
    } catch (error) {
      timed({ outcome: error instanceof DelayedError ? 'delayed' : 'failed' });
      throw error;
    } finally {
      jobsRunning.set(--this.running);
      // An import grows the heap; once no job has run for a second, the process gives that memory back.
      if (this.running === 0) this.idleTimer = setTimeout(() => this.running === 0 && releaseMemory(), 1000).unref();
    }
  }

  async stop() {
    clearTimeout(this.idleTimer);
    this.shutdown.abort();
    await this.worker?.close();
    if (this.connection) await closeRedis(this.connection);
  }
}
