import type { DuplicateMode } from '@backoffice/contracts';

/**
 * The advisory lock class of an upload's import (the upload id is the second key): the import thread holds it on its
 * own connection while it writes, and the job takes it again to finish or fail the group, so a second run of the
 * same job (after its Redis lock was lost) never writes while the first one attaches the partition.
 */
export const IMPORT_LOCK_CLASS = 0x1ead;

/** Counters of an import, kept on its group so that a retried job resumes where the last one committed. */
export interface ImportCounters {
  /** The last sheet row committed. */
  lastRow: number;
  leadCount: number;
  totalRows: number;
  duplicates: number;
  skippedDuplicates: number;
  failedRows: number;
}

/** What the import thread is given. */
export interface ImportThreadInput {
  uploadId: number;
  groupId: number;
  filePath: string;
  databaseUrl: string;
  duplicateMode: DuplicateMode;
  /** The group's counters when the job read them; the thread reads them again once it holds the upload's lock. */
  resume: ImportCounters;
  batchRows: number;
  /** The SSN key, hex (the thread runs in this process). */
  ssnKeyHex: string;
  /** Epoch ms of today, UTC midnight. */
  today: number;
}

export type ImportThreadMessage =
  /** `row`: the last sheet row read; `lastRow`: the sheet's declared last row, null when it declares none. */
  | { type: 'progress'; percent: number; row: number; lastRow: number | null; rowsRead: number }
  /** SSNs of a batch to encrypt: the job's main thread answers with `sealed` (the parse keeps its own thread). */
  | { type: 'seal'; id: number; ssns: string[] }
  /** `waitedMs`: time the parse waited for the database (the rest is reading the sheet). */
  | { type: 'done'; counters: ImportCounters; waitedMs: number }
  /** `busy`: another run holds the upload's import lock; nothing was written. `detail`: the technical cause, for the log. */
  | { type: 'failed'; message: string; userFacing: boolean; busy?: boolean; detail?: string };

/** What the job's main thread sends the import thread. */
export type ImportThreadReply = { type: 'sealed'; id: number; values: string[] };
