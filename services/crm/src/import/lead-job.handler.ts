import type { Job } from 'bullmq';
import type { LeadJobName } from '../extraction/leads-queue';

/** One class per job: the worker dispatches a job to the handler named like it. */
export interface LeadJobHandler<Data = unknown, Result = unknown> {
  readonly jobName: LeadJobName;
  /** `signal` aborts when the worker shuts down: hand the job back rather than finishing it. */
  handle(job: Job<Data>, token: string | undefined, signal: AbortSignal): Promise<Result>;
}

/** Thrown by a handler that handed its job back to the queue on shutdown. */
export class JobHandedBack extends Error {}
