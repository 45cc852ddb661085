import { Logger } from '@nestjs/common';
import { LockMode, MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import { join } from 'node:path';
import { Worker as Thread } from 'node:worker_threads';
import { LEAD_IMPORT_TOPIC, type LeadImportEventData, type LeadImportResult } from '@backoffice/contracts';
import { escapeLike, OutboxService, withRequestId } from '@backoffice/platform/worker';
import type { CrmConfig } from '../crm.config';
import { indexJobId, LeadsQueue, type ImportLeadsJobData } from '../extraction/leads-queue';
import { GroupPartitions } from '../groups/group-partitions';
import { LeadGroupEntity } from '../groups/lead-group.entity';
import { SsnCipher } from '../security/ssn-cipher';
import { LeadUploadEntity } from '../uploads/lead-upload.entity';
import { UploadStore } from '../uploads/upload-store';
import { EXTRACTION_BROKE, ImportBusy, ImportFailure } from './import-failure';
import { JobHandedBack, type LeadJobHandler } from './lead-jobs.worker';
import {
  IMPORT_LOCK_CLASS,
  type ImportCounters,
  type ImportThreadInput,
  type ImportThreadMessage,
  type ImportThreadReply,
} from './lead-import.messages';
import { freeGroupName, groupNameOf, importSummary, nothingImportedReason } from './lead-import.summary';

/** How soon a run that found the upload being imported by an earlier run looks again. */
const BUSY_RETRY_MS = 2000;

/** Held (for its transaction) while a new group picks its name, so two imports of alike-named files pick two names. */
const GROUP_NAME_LOCK = [0x1eae, 0] as const;

const countersOf = (group: LeadGroupEntity): ImportCounters => ({
  lastRow: group.lastRow,
  leadCount: group.leadCount,
  totalRows: group.totalRows,
  duplicates: group.duplicates,
  skippedDuplicates: group.skippedDuplicates,
  failedRows: group.failedRows,
});

/**
 * Extracts one uploaded spreadsheet into a new lead group. The parse and the batched writes run on
 * a worker thread; this class prepares the group, follows the thread, and makes the group ready (or
 * records the failure) in one transaction with its `crm.lead-import.v1` event. Safe to run again:
 * a retried or crashed job resumes after the last committed batch, and a finished one only answers.
 */
export class ImportLeadsJob implements LeadJobHandler<ImportLeadsJobData, LeadImportResult | null> {
  readonly jobName = 'import-leads' as const;
  private readonly logger = new Logger('ImportLeadsJob');

  constructor(
    private readonly orm: MikroORM,
    private readonly store: UploadStore,
    private readonly partitions: GroupPartitions,
    private readonly outbox: OutboxService,
    private readonly leadsQueue: LeadsQueue,
    private readonly config: CrmConfig,
    private readonly ssnKey: Buffer,
  ) {}

  private em(): EntityManager {
    return this.orm.em.fork() as EntityManager;
  }

  async handle(job: Job<ImportLeadsJobData>, token: string | undefined, signal: AbortSignal): Promise<LeadImportResult | null> {
    const { uploadId } = job.data;
    // FOR SHARE waits for the extract request that enqueued this job to commit its attempt.
    const upload = await this.em().transactional((em) =>
      em.findOne(LeadUploadEntity, { id: uploadId }, { lockMode: LockMode.PESSIMISTIC_READ }),
    );
    if (!upload) throw new UnrecoverableError('The file was cleared before it could be extracted.');
    if (upload.jobId !== job.id) return null; // replaced by a newer attempt, or its request rolled back
    let groupId: number | undefined;
    try {
      const group = await this.prepare(upload);
      groupId = group.id;
      if (group.status !== 'ready') {
        if (!(await this.store.exists(upload.storedName))) {
          throw new ImportFailure('The uploaded file is no longer in the upload store; upload it again.');
        }
        const started = Date.now();
        const { counters, waitedMs } = await this.runThread(job, upload, group, signal);
        this.logger.log(
          `upload ${uploadId}: ${counters.totalRows} rows read in ${Date.now() - started} ms (${waitedMs} ms waiting for the database)`,
        );
        if (counters.leadCount === 0) throw new ImportFailure(nothingImportedReason(counters));
      }
      return await this.finish(upload, group.id);
    } catch (error) {
      if (signal.aborted || error instanceof JobHandedBack) {
        // Shutting down: back to the queue now, without using an attempt; the next worker resumes.
        await job.moveToDelayed(Date.now() + 500, token);
        throw new DelayedError();
      }
      if (error instanceof ImportBusy) {
        // An earlier run of this job is still importing (its Redis lock was lost, not its process): wait for it
        // without using an attempt; once it is done, the next run finds the group ready and only completes.
        this.logger.log(`job ${job.id}: an earlier run is still importing upload ${uploadId}; looking again in ${BUSY_RETRY_MS} ms`);
        await job.moveToDelayed(Date.now() + BUSY_RETRY_MS, token);
        throw new DelayedError();
      }
      if (groupId !== undefined && !(error instanceof ImportFailure) && (await this.ready(groupId))) {
        // An earlier run of this job finished the import meanwhile (and removed the file this run was reading).
        return this.finish(upload, groupId);
      }
      const userFacing = error instanceof ImportFailure || error instanceof UnrecoverableError;
      // The user reads plain words; what actually went wrong (a parser's message, a database error) is logged here.
      const message = userFacing ? (error as Error).message : EXTRACTION_BROKE;
      const detail = error instanceof ImportFailure ? error.detail : userFacing ? undefined : (error as Error).message;
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (detail) this.logger.warn(`upload ${uploadId}, job ${job.id} (attempt ${job.attemptsMade + 1}): ${detail}`);
      if (!userFacing && !lastAttempt) throw error; // retried with back-off, resuming
      await this.fail(uploadId, groupId, message);
      throw new UnrecoverableError(message);
    }
  }

  /** The group is ready, its partition attached (by this run or an earlier one): completes the upload, idempotently. */
  private async finish(upload: LeadUploadEntity, groupId: number): Promise<LeadImportResult> {
    const result = await this.complete(upload.id, groupId);
    await this.leadsQueue.queue
      .add('index-lead-group', withRequestId({ groupId }), { jobId: indexJobId(groupId) })
      .catch((error: Error) => this.logger.warn(`search indexes of group ${groupId} not queued: ${error.message}`));
    await this.store.remove(upload.storedName).catch(() => undefined);
    return result;
  }

  private async ready(groupId: number): Promise<boolean> {
    const group = await this.em()
      .findOne(LeadGroupEntity, { id: groupId })
      .catch(() => null);
    return group?.status === 'ready';
  }

  /**
   * Finds the upload's group, or creates it with its loading table. A new group is named after the file; when
   * that name is taken it gets the first free " (2)", " (3)"… as a copied file does: the import is what the user
   * asked for, and a name they never typed should not be the reason it fails.
   */
  private async prepare(upload: LeadUploadEntity): Promise<LeadGroupEntity> {
    return this.em().transactional(async (em) => {
      let group = await em.findOne(LeadGroupEntity, { uploadId: upload.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!group) {
        await em.execute('delete from lead_import_errors where upload_id = ?', [upload.id]);
        await em.execute('select pg_advisory_xact_lock(?, ?)', [...GROUP_NAME_LOCK]);
        const base = groupNameOf(upload.name);
        const taken = await em.execute<{ name: string }[]>(
          `select name from lead_groups where lower(name) = lower(?) or lower(name) like lower(?) escape '\\'`,
          [base, `${escapeLike(base)} (%)`],
        );
        group = em.create(LeadGroupEntity, {
          name: freeGroupName(
            base,
            taken.map((row) => row.name),
          ),
          uploadId: upload.id,
        });
        await em.persist(group).flush();
      }
      if (group.status !== 'ready') await this.partitions.create(em, group.id);
      await em.nativeUpdate(LeadUploadEntity, { id: upload.id }, { message: 'Extracting…' });
      return group;
    });
  }

  private runThread(
    job: Job<ImportLeadsJobData>,
    upload: LeadUploadEntity,
    group: LeadGroupEntity,
    signal: AbortSignal,
  ): Promise<{ counters: ImportCounters; waitedMs: number }> {
    const today = new Date();
    const input: ImportThreadInput = {
      uploadId: upload.id,
      groupId: group.id,
      filePath: this.store.path(upload.storedName),
      databaseUrl: this.config.DATABASE_URL,
      duplicateMode: upload.duplicateMode,
      resume: countersOf(group),
      batchRows: this.config.CRM_IMPORT_BATCH_ROWS,
      ssnKeyHex: this.ssnKey.toString('hex'),
      today: Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()),
    };
    return new Promise((resolve, reject) => {
      const thread = new Thread(join(__dirname, 'lead-import.thread.js'), {
        workerData: input,
        resourceLimits: {
          maxOldGenerationSizeMb: this.config.CRM_IMPORT_THREAD_HEAP_MB,
          maxYoungGenerationSizeMb: this.config.CRM_IMPORT_THREAD_YOUNG_MB,
        },
      });
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        // Its outcome is the thread's last word (its connection is closed by then): whatever it might still
        // hold, its heap must not stay in this process after the job.
        void thread.terminate();
        outcome();
      };
      const onAbort = () => {
        settle(() => reject(new JobHandedBack('the worker is shutting down')));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const cipher = new SsnCipher(this.ssnKey);
      thread.on('message', (message: ImportThreadMessage) => {
        if (message.type === 'seal') {
          // The thread parses on; this thread, otherwise idle, encrypts the batch's SSNs.
          const reply: ImportThreadReply = { type: 'sealed', id: message.id, values: message.ssns.map((ssn) => cipher.encrypt(ssn)) };
          thread.postMessage(reply);
        } else if (message.type === 'progress') {
          const { percent, row, lastRow, rowsRead } = message;
          void job.updateProgress({ percent, row, lastRow, rowsRead }).catch(() => undefined);
        } else if (message.type === 'done') settle(() => resolve({ counters: message.counters, waitedMs: message.waitedMs }));
        else
          settle(() =>
            reject(
              message.busy
                ? new ImportBusy(message.message)
                : message.userFacing
                  ? new ImportFailure(message.message, message.detail)
                  : new Error(message.message),
            ),
          );
      });
      thread.on('error', (error: Error & { code?: string }) => {
        settle(() =>
          reject(
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? new ImportFailure('The spreadsheet is too large to read; split it into smaller files.')
              : error,
          ),
        );
      });
      thread.on('exit', (code) => settle(() => reject(new Error(`the import thread stopped (exit code ${code})`))));
    });
  }

  /**
   * Waits for, then holds until the transaction ends, the upload's import lock: never while another run of this job
   * is still writing (it would claim keys as the partition is attached, or as the group is dropped).
   */
  private async holdImport(em: EntityManager, uploadId: number): Promise<void> {
    await em.execute('select pg_advisory_xact_lock(?, ?)', [IMPORT_LOCK_CLASS, uploadId]);
  }

  /** Makes the group ready (attaches its partition) and marks the upload extracted, with the event. */
  private async complete(uploadId: number, groupId: number): Promise<LeadImportResult> {
    return this.em().transactional(async (em) => {
      await this.holdImport(em, uploadId);
      const group = await em.findOneOrFail(LeadGroupEntity, { id: groupId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const upload = await em.findOneOrFail(LeadUploadEntity, { id: uploadId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (group.status !== 'ready') {
        await this.partitions.attach(em, group.id);
        group.status = 'ready';
      }
      const counters = countersOf(group);
      if (!upload.extracted) {
        Object.assign(upload, {
          extracted: true,
          extractedAt: new Date(),
          error: false,
          message: importSummary(counters),
          failedRows: counters.failedRows,
        });
        this.outbox.add<LeadImportEventData>(em, {
          topic: LEAD_IMPORT_TOPIC,
          type: 'completed',
          subject: String(upload.id),
          data: { uploadId: upload.id, fileName: upload.name, groupId: group.id, ...this.eventCounts(counters) },
        });
      }
      return {
        uploadId: upload.id,
        groupId: group.id,
        groupName: group.name,
        ...this.eventCounts(counters),
      };
    });
  }

  private eventCounts(counters: ImportCounters) {
    return {
      totalRows: counters.totalRows,
      imported: counters.leadCount,
      duplicates: counters.duplicates,
      skippedDuplicates: counters.skippedDuplicates,
      failedRows: counters.failedRows,
    };
  }

  /** The last attempt failed: the partial group goes, the upload stays pending with the reason in red. */
  private async fail(uploadId: number, groupId: number | undefined, message: string): Promise<void> {
    await this.em().transactional(async (em) => {
      await this.holdImport(em, uploadId);
      const upload = await em.findOne(LeadUploadEntity, { id: uploadId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!upload || upload.extracted) return;
      let counters: ImportCounters | undefined;
      const group = groupId ? await em.findOne(LeadGroupEntity, { id: groupId }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
      if (group && group.status !== 'ready') {
        counters = countersOf(group);
        await this.partitions.forgetKeys(em, group.id);
        await this.partitions.drop(em, group.id);
        em.remove(group);
      }
      const [{ failed }] = await em.execute<{ failed: string }[]>('select count(*) as failed from lead_import_errors where upload_id = ?', [
        uploadId,
      ]);
      Object.assign(upload, { error: true, message, failedRows: Number(failed) });
      this.outbox.add<LeadImportEventData>(em, {
        topic: LEAD_IMPORT_TOPIC,
        type: 'failed',
        subject: String(upload.id),
        data: {
          uploadId,
          fileName: upload.name,
          groupId: null,
          ...this.eventCounts(counters ?? { lastRow: 0, leadCount: 0, totalRows: 0, duplicates: 0, skippedDuplicates: 0, failedRows: 0 }),
          failedRows: Number(failed),
          imported: 0,
          error: message,
        },
      });
    });
  }
}
