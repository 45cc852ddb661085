import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Job } from 'bullmq';
import type { DuplicateMode, LeadImportJob, LeadImportResult, LeadJobState } from '@backoffice/contracts';
import { ConflictError, NotFoundError, UnavailableError, withRequestId } from '@backoffice/platform';
import { LeadGroup } from '../groups/lead-group.entity';
import { toGroupView } from '../groups/lead-group.view';
import { LeadUpload } from '../uploads/lead-upload.entity';
import { importJobId, LeadsQueue, parseImportJobId, type ImportLeadsJobData } from './leads-queue';

const RUNNING: ReadonlySet<string> = new Set(['active', 'waiting', 'delayed', 'prioritized', 'waiting-children']);

function publicState(state: string): LeadJobState {
  if (state === 'active' || state === 'completed' || state === 'failed' || state === 'delayed') return state;
  if (state === 'waiting' || state === 'prioritized' || state === 'waiting-children') return 'waiting';
  return 'unknown';
}

@Injectable()
export class LeadExtractionService {
  constructor(
    private readonly em: EntityManager,
    private readonly leadsQueue: LeadsQueue,
  ) {}

  /**
   * Enqueues the extraction of one upload. The job id derives from the upload and its attempt, and the
   * upload row is locked while the job is added: a double click, or two tabs, enqueue one job.
   * A failed or lost job is replaced by a new attempt.
   */
  async extract(uploadId: number, duplicates: DuplicateMode): Promise<{ jobId: string }> {
    return this.em.transactional(async (em) => {
      const upload = await em.findOne(LeadUpload, { id: uploadId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!upload) throw new NotFoundError('Upload', uploadId);
      if (upload.extracted) throw new ConflictError('This file was already extracted.', 'already_extracted');
      if (upload.jobId && !upload.error) {
        const state = await this.state(upload.jobId);
        if (RUNNING.has(state)) return { jobId: upload.jobId };
      }
      const attempt = upload.attempt + 1;
      const jobId = importJobId(upload.id, attempt);
      const data: ImportLeadsJobData = { uploadId: upload.id, attempt };
      try {
        await this.leadsQueue.queue.add('import-leads', withRequestId(data), { jobId });
      } catch {
        throw new UnavailableError('The job queue is unavailable; try again shortly.');
      }
      Object.assign(upload, { attempt, jobId, duplicateMode: duplicates, error: false, message: 'Waiting for a worker…', failedRows: 0 });
      return { jobId };
    });
  }

  /** Enqueues every pending upload that is not being extracted. */
  async extractAll(duplicates: DuplicateMode): Promise<{ jobs: { uploadId: number; jobId: string }[] }> {
    const pending = await this.em.find(LeadUpload, { extracted: false }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const jobs = [];
    for (const upload of pending) jobs.push({ uploadId: upload.id, ...(await this.extract(upload.id, duplicates)) });
    return { jobs };
  }

  private async state(jobId: string): Promise<string> {
    try {
      return await this.leadsQueue.queue.getJobState(jobId);
    } catch {
      throw new UnavailableError('The job queue is unavailable; try again shortly.');
    }
  }

  /** State and progress of an extraction; once the job has left Redis, the upload record tells. */
  async job(jobId: string): Promise<LeadImportJob> {
    const parsed = parseImportJobId(jobId);
    if (!parsed) throw new NotFoundError('Job', jobId);
    let job: Job | undefined;
    try {
      job = await this.leadsQueue.queue.getJob(jobId);
    } catch {
      throw new UnavailableError('The job queue is unavailable; try again shortly.');
    }
    const upload = await this.em.findOne(LeadUpload, { id: parsed.uploadId });
    if (job) {
      const state = publicState(await job.getState());
      const progress = state === 'completed' ? 100 : typeof job.progress === 'number' ? job.progress : 0;
      const view: LeadImportJob = { jobId, uploadId: parsed.uploadId, state, progress };
      if (state === 'completed') return this.withGroups(view, job.returnvalue as LeadImportResult | undefined);
      if (state === 'failed') view.error = job.failedReason || upload?.message || 'The extraction failed.';
      return view;
    }
    if (!upload || upload.attempt < parsed.attempt) throw new NotFoundError('Job', jobId);
    const base: LeadImportJob = { jobId, uploadId: upload.id, state: 'unknown', progress: 0 };
    if (upload.jobId !== jobId) return { ...base, state: 'failed', error: 'A newer extraction of this file replaced this one.' };
    if (upload.extracted) return this.withGroups({ ...base, state: 'completed', progress: 100 }, undefined);
    if (upload.error) return { ...base, state: 'failed', error: upload.message };
    return base;
  }

  private async withGroups(view: LeadImportJob, result: LeadImportResult | undefined): Promise<LeadImportJob> {
    const group = await this.em.findOne(LeadGroup, { uploadId: view.uploadId, status: 'ready' });
    if (!group) return { ...view, groups: [], ...(result ? { result } : {}) };
    const groupView = toGroupView(group);
    return {
      ...view,
      groups: [groupView],
      result: result ?? {
        uploadId: view.uploadId,
        groupId: group.id,
        groupName: group.name,
        totalRows: group.totalRows,
        imported: group.leadCount,
        duplicates: group.duplicates,
        skippedDuplicates: group.skippedDuplicates,
        failedRows: group.failedRows,
      },
    };
  }
}
