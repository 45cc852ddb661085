import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { Client } from 'pg';
import { SsnCipher } from '../security/ssn-cipher';
import { ImportBusy, ImportFailure } from './import-failure';
import { LeadBatchWriter, LeadBlock, type SsnSealer } from './lead-batch.writer';
import {
  IMPORT_LOCK_CLASS,
  type ImportCounters,
  type ImportThreadInput,
  type ImportThreadMessage,
  type ImportThreadReply,
} from './lead-import.messages';
import { readLeadRow, type RowContext } from './lead-row.policy';
import { declaredLastRow, readLeadSheet } from './lead-sheet.reader';

const post = (message: ImportThreadMessage) => parentPort?.postMessage(message);

/**
 * Encryption of SSNs by the job's main thread, which is idle while this thread parses. `close` must be
 * called at the end: the listener keeps the thread's port referenced, so the thread would never exit
 * (and its heap would stay in the worker process). Only removing that very listener unreferences the
 * port: `parentPort.removeAllListeners('message')` does not (Node 24).
 */
function mainThreadSealer(port: MessagePort): { seal: SsnSealer; close(): void } {
  const pending = new Map<number, (values: string[]) => void>();
  let nextId = 0;
  const onReply = (reply: ImportThreadReply) => {
    if (reply.type !== 'sealed') return;
    pending.get(reply.id)?.(reply.values);
    pending.delete(reply.id);
  };
  port.on('message', onReply);
  return {
    seal: (ssns) =>
      new Promise((resolve) => {
        const id = nextId++;
        pending.set(id, resolve);
        post({ type: 'seal', id, ssns });
      }),
    close: () => port.off('message', onReply),
  };
}

/**
 * The import itself, on a worker thread so the CPU-heavy parse never starves the job's lock
 * renewal on the main thread. Parsing the next batch overlaps with writing the previous one.
 */
async function run(input: ImportThreadInput): Promise<ImportThreadMessage> {
  const client = new Client({ connectionString: input.databaseUrl, application_name: 'crm-lead-import' });
  client.on('error', () => undefined);
  let sealer: ReturnType<typeof mainThreadSealer> | undefined;
  await client.connect();
  try {
    const { rows: locked } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [
      IMPORT_LOCK_CLASS,
      input.uploadId,
    ]);
    if (!locked[0]?.ok) throw new ImportBusy();
    // Counters as committed now, under the lock: an earlier run of this job may have written batches (or
    // finished) since they were read for `input.resume`, and resuming from stale ones would import rows twice.
    const { rows: groups } = await client.query<{ status: string } & Record<keyof ImportCounters, number>>(
      `select status, last_row as "lastRow", lead_count as "leadCount", total_rows as "totalRows", duplicates,
              skipped_duplicates as "skippedDuplicates", failed_rows as "failedRows"
       from lead_groups where id = $1`,
      [input.groupId],
    );
    if (!groups[0]) throw new Error(`lead group ${input.groupId} is gone`);
    const { status, ...resume } = groups[0];
    if (status === 'ready') return { type: 'done', counters: resume, waitedMs: 0 };

    const cipher = new SsnCipher(Buffer.from(input.ssnKeyHex, 'hex'));
    sealer = parentPort ? mainThreadSealer(parentPort) : undefined;
    const writer = new LeadBatchWriter(
      client,
      { uploadId: input.uploadId, groupId: input.groupId, duplicateMode: input.duplicateMode },
      cipher,
      resume,
      sealer?.seal,
    );
    const lastSheetRow = await declaredLastRow(input.filePath);
    const sheet = readLeadSheet(input.filePath);
    const context: RowContext = {
      date1904: false,
      today: new Date(input.today),
      openSsnToken: (token) => cipher.openToken(token),
    };

    let block = new LeadBlock();
    let lastRow = resume.lastRow;
    let rowsRead = 0;
    let lastProgress = 0;
    let writing: Promise<void> = Promise.resolve();
    let waitedMs = 0;
    const flush = async () => {
      const waitStarted = Date.now();
      await writing; // one batch in flight: parsing goes on while it is written
      waitedMs += Date.now() - waitStarted;
      const written = block;
      const upTo = lastRow;
      block = new LeadBlock();
      writing = writer.write(written, upTo);
      writing.catch(() => undefined); // awaited (and thrown) at the next flush
    };

    for await (const chunk of sheet.chunks) {
      for (const { rowNumber, cells } of chunk) {
        rowsRead++;
        if (rowsRead === 1) context.date1904 = sheet.date1904();
        if (rowNumber <= resume.lastRow) continue; // committed by an earlier attempt
        lastRow = rowNumber;
        const outcome = readLeadRow(cells, context);
        // Each lead becomes its COPY text at once: the batch keeps no lead objects alive until it is written.
        if (outcome.kind === 'lead') block.addLead(rowNumber, outcome.lead);
        else if (outcome.kind === 'invalid') block.addFailure(rowNumber, outcome.reason, outcome.cells);
        if (block.rows >= input.batchRows) await flush();
      }
      const now = Date.now();
      if (now - lastProgress > 250) {
        lastProgress = now;
        // "Row N of M" when the sheet declares M; otherwise the rows read so far and the share of the file's bytes.
        const share = lastSheetRow ? lastRow / lastSheetRow : sheet.bytesRead() / Math.max(sheet.size, 1);
        const percent = Math.min(99, Math.floor(share * 100));
        post({ type: 'progress', percent, row: lastRow, lastRow: lastSheetRow ?? null, rowsRead });
      }
    }
    await flush();
    await writing;
    const counters = writer.committed;
    if (counters.totalRows === 0) throw new ImportFailure('The sheet has a header row but no leads below it.');
    return { type: 'done', counters, waitedMs };
  } finally {
    sealer?.close(); // lets the thread end
    await client.end().catch(() => undefined);
  }
}

// The outcome is the thread's last message, posted once its connection is closed: the job may end the thread on it.
run(workerData as ImportThreadInput).then(post, (error: Error) => {
  post({
    type: 'failed',
    message: error.message,
    userFacing: error instanceof ImportFailure,
    busy: error instanceof ImportBusy,
    detail: error instanceof ImportFailure ? error.detail : undefined,
  });
});
