import type { DuplicateMode } from '@backoffice/contracts';

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
  resume: ImportCounters;
  batchRows: number;
  /** The SSN key, hex (the thread runs in this process). */
  ssnKeyHex: string;
  /** Epoch ms of today, UTC midnight. */
  today: number;
}

export type ImportThreadMessage =
  | { type: 'progress'; percent: number; rows: number }
  /** `waitedMs`: time the parse waited for the database (the rest is reading the sheet). */
  | { type: 'done'; counters: ImportCounters; waitedMs: number }
  | { type: 'failed'; message: string; userFacing: boolean };
