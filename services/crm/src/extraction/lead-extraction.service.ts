import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Job } from 'bullmq';
import type { DuplicateMode, LeadImportJob, LeadImportResult, LeadImportRows, LeadJobState } from '@backoffice/contracts';
import { ConflictError, DomainError, NotFoundError, UnavailableError, withRequestId } from '@backoffice/platform';
import { LeadGroupEntity } from '../groups/lead-group.entity';
import { EXTRACTION_BROKE } from '../import/import-failure';
import { toGroupView } from '../groups/lead-group.view';
import { LeadUploadEntity } from '../uploads/lead-upload.entity';
import { previousImports } from '../uploads/previous-imports.queries';
import { importJobId, LeadsQueue, parseImportJobId, type ImportLeadsJobData } from './leads-queue';

const RUNNING: ReadonlySet<string> = new Set(['active', 'waiting', 'delayed', 'prioritized', 'waiting-children']);

function publicState(state: string): LeadJobState {
  if (state === 'active' || state === 'completed' || state === 'failed' || state === 'delayed') return state;
  if (state === 'waiting' || state === 'prioritized' || state === 'waiting-children') return 'waiting';
  return 'unknown';
}

/** A job's progress as the worker reports it: `{ percent, row, lastRow, rowsRead }` (a bare percent from older workers). */
function readProgress(progress: unknown): { percent: number; rows?: LeadImportRows } {
  if (typeof progress === 'number') return { percent: progress };
  if (!progress || typeof progress !== 'object') return { percent: 0 };
  const { percent, row, lastRow, rowsRead } = progress as Record<string, unknown>;
  const int = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined);
  const rows =
    int(row) !== undefined && int(rowsRead) !== undefined
      ? { row: int(row)!, lastRow: int(lastRow) ?? null, rowsRead: int(rowsRead)! }
      : undefined;
  return { percent: typeof percent === 'number' ? Math.max(0, Math.min(100, percent)) : 0, ...(rows ? { rows } : {}) };
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
   * A failed or lost job is replaced by a new attempt. A file whose content was already imported is
   * refused (409 already_imported, naming the field `again`) unless the user chose to import it again.
   */
  async extract(uploadId: number, duplicates: DuplicateMode, again = false): Promise<{ jobId: string }> {
    return this.em.transactional(async (em) => {
      const upload = await em.findOne(LeadUploadEntity, { id: uploadId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!upload) throw new NotFoundError('Upload', uploadId);
      if (upload.extracted) throw new ConflictError('This file was already extracted.', 'already_extracted');
      if (upload.jobId && !upload.error) {
        const state = await this.state(upload.jobId);
        if (RUNNING.has(state)) return { jobId: upload.jobId };
      }
      if (!again) {
        const earlier = (await previousImports(em as EntityManager, [upload])).get(upload.id);
        if (earlier) {
          const message = `This file was already imported on ${earlier.date.slice(0, 10)} as "${earlier.group.name}". Import it again as a new group, or open that group.`;
          throw new DomainError('already_imported', message, 409, [{ path: 'again', message }]);
        }
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

  /** Enqueues every pending upload that is not being extracted; files already imported wait for their own choice. */
  async extractAll(duplicates: DuplicateMode): Promise<{ jobs: { uploadId: number; jobId: string }[]; alreadyImported: number[] }> {
    const pending = await this.em.find(LeadUploadEntity, { extracted: false }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const earlier = await previousImports(this.em, pending);
    const jobs = [];
    for (const upload of pending) {
      if (!earlier.has(upload.id)) jobs.push({ uploadId: upload.id, ...(await this.extract(upload.id, duplicates)) });
    }
    return { jobs, alreadyImported: [...earlier.keys()] };
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
    // The state first, then the upload: a job that failed had its plain reason committed on the upload before
    // BullMQ marked it failed, so the upload read after the state has it (read before, it might not yet).
    const state = job ? publicState(await job.getState()) : undefined;
    const upload = await this.em.findOne(LeadUploadEntity, { id: parsed.uploadId });
    if (job && state) {
      const reported = readProgress(job.progress);
      const progress = state === 'completed' ? 100 : reported.percent;
      const view: LeadImportJob = { jobId, uploadId: parsed.uploadId, state, progress };
      if (reported.rows && state !== 'completed') view.rows = reported.rows;
      if (state === 'completed') return this.withGroups(view, job.returnvalue as LeadImportResult | undefined);
      // The upload keeps the plain reason the job recorded; BullMQ's own reasons (a stalled job…) are not for users.
      if (state === 'failed') view.error = upload?.error && upload.message ? upload.message : EXTRACTION_BROKE;
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
    const group = await this.em.findOne(LeadGroupEntity, { uploadId: view.uploadId, status: 'ready' });
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
