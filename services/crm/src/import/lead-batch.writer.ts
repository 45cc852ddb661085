import type { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DuplicateMode } from '@backoffice/contracts';
import type { SsnCipher } from '../security/ssn-cipher';
import { copyNullable, copyText } from './copy-text.policy';
import type { ImportCounters } from './lead-import.messages';
import { SSN_TOKEN_PREFIX, type FailedRowCells, type ParsedLead } from './lead-row.policy';

/** Encrypts a batch's SSNs (SsnCipher.encrypt each), possibly on another thread. */
export type SsnSealer = (ssns: string[]) => Promise<string[]>;

/** A row that failed its checks, kept for the failed-rows spreadsheet. */
interface FailedRow {
  rowNumber: number;
  reason: string;
  cells: FailedRowCells;
}

/**
 * The columns of a lead's COPY line: the writer's own (group, sequence) first, then the lead's as read, then the
 * two it settles when the batch is written (the sealed SSN, the duplicate flag).
 */
const LEAD_COLUMNS = [
  'group_id',
  'seq',
  // LeadBlock.addLead's fields, in order:
  'row_number',
  'first_name',
  'last_name',
  'work_at',
  'gender',
  'current_city',
  'dob',
  'email',
  'email_key',
  'phone',
  'phone_key',
  'ssn_last4',
  'notes',
  // settled by the writer:
  'ssn_encrypted',
  'duplicate',
].join(', ');

/**
 * A key as a string of its own. A cell's text can be a slice of the parser's whole block of sheet XML (and
 * lower-casing an email that is lower case already answers the same slice): a key built by concatenation would keep
 * that block alive as long as the batch, and every block of a batch would be copied by each garbage collection.
 * join always makes a new flat string.
 */
const ownKey = (prefix: string, value: string): string => [prefix, value].join('');

/**
 * One batch's rows as the import thread reads them, kept in columns: each lead as the flat text of its COPY fields,
 * its duplicate keys and its plain SSN. No lead object lives until the batch is written: a batch of thousands of
 * leads kept as objects outlived the young generation and cost the thread more in garbage collection than the
 * rest of its own code.
 */
export class LeadBlock {
  /** Each lead's COPY fields from row_number to notes (see LEAD_COLUMNS), joined by tabs. */
  readonly texts: string[] = [];
  /** Each lead's keys in lead_keys (`p:digits`, `e:email`), null where it has none. */
  readonly phoneKeys: (string | null)[] = [];
  readonly emailKeys: (string | null)[] = [];
  /** Each lead's plain SSN, null where it has none: sealed when the batch is written. */
  readonly ssns: (string | null)[] = [];
  readonly failures: FailedRow[] = [];
  /** One array reused for every lead's fields: join makes each lead's text one flat string. */
  private readonly fields: (string | number)[] = new Array<string | number>(13);

  /** Leads and failed rows: the rows the batch counts. */
  get rows(): number {
    return this.texts.length + this.failures.length;
  }

  addLead(rowNumber: number, lead: ParsedLead): void {
    const fields = this.fields;
    fields[0] = rowNumber;
    fields[1] = copyText(lead.firstName);
    fields[2] = copyText(lead.lastName);
    fields[3] = copyText(lead.workAt);
    fields[4] = copyText(lead.gender);
    fields[5] = copyText(lead.currentCity);
    fields[6] = copyNullable(lead.dob);
    fields[7] = copyText(lead.email);
    fields[8] = copyNullable(lead.emailKey);
    fields[9] = copyText(lead.phone);
    fields[10] = copyNullable(lead.phoneKey);
    fields[11] = lead.ssn ? lead.ssn.slice(-4) : '\\N';
    fields[12] = copyText(lead.notes);
    this.texts.push(fields.join('\t'));
    this.phoneKeys.push(lead.phoneKey ? ownKey('p:', lead.phoneKey) : null);
    this.emailKeys.push(lead.emailKey ? ownKey('e:', lead.emailKey) : null);
    this.ssns.push(lead.ssn);
  }

  addFailure(rowNumber: number, reason: string, cells: FailedRowCells): void {
    this.failures.push({ rowNumber, reason, cells });
  }
}

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * Writes an import's rows in batches, one transaction each: the leads by COPY into the group's own
 * (not yet attached) partition, their duplicate keys, the failed rows, and the group's counters with
 * the last row committed. A crash loses at most the batch in flight, and a retry resumes after it.
 */
export class LeadBatchWriter {
  private readonly counters: ImportCounters;
  /** Whether the next batch claims its keys by COPY (see claimKeys). */
  private copyKeys = true;

  constructor(
    private readonly client: Client,
    private readonly target: { uploadId: number; groupId: number; duplicateMode: DuplicateMode },
    private readonly cipher: SsnCipher,
    resume: ImportCounters,
    private readonly seal: SsnSealer = async (ssns) => ssns.map((ssn) => cipher.encrypt(ssn)),
  ) {
    this.counters = { ...resume };
  }

  get committed(): ImportCounters {
    return { ...this.counters };
  }

  async write(block: LeadBlock, lastRow: number): Promise<void> {
    const next = { ...this.counters };
    const { groupId, uploadId, duplicateMode } = this.target;
    const { texts, phoneKeys, emailKeys, ssns, failures } = block;
    // The batch's distinct keys, each with the first lead (by index) that has it.
    const firstWith = new Map<string, number>();
    const plainSsns: string[] = [];
    for (let index = 0; index < texts.length; index++) {
      const phoneKey = phoneKeys[index];
      const emailKey = emailKeys[index];
      if (phoneKey !== null && !firstWith.has(phoneKey)) firstWith.set(phoneKey, index);
      if (emailKey !== null && !firstWith.has(emailKey)) firstWith.set(emailKey, index);
      const ssn = ssns[index];
      if (ssn !== null) plainSsns.push(ssn);
    }
    // The SSNs are encrypted while the keys are claimed (on the job's main thread, in the worker).
    const sealing = plainSsns.length ? this.seal(plainSsns) : Promise.resolve([]);
    sealing.catch(() => undefined); // awaited below, unless the claims fail first
    // A batch commits without waiting for its WAL flush: if PostgreSQL itself crashed, the batch and
    // the group's counters that record it would be lost together, and the import resumes before it.
    // The transaction that makes the group ready waits as usual, and takes every batch with it.
    await this.client.query('begin; set local synchronous_commit = off');
    try {
      // Keys known before this batch: their leads are duplicates (as are leads whose key an earlier lead of the batch has).
      const taken = firstWith.size ? await this.claimKeys(firstWith) : new Set<string>();
      const sealed = await sealing;
      let nextSealed = 0;
      const lines: string[] = [];
      // Skip mode: the keys of the leads kept so far (a skipped lead's keys are not claimed), to be claimed after.
      const kept = duplicateMode === 'skip' ? new Set(taken) : undefined;
      const keptKeys: string[] = [];
      for (let index = 0; index < texts.length; index++) {
        const sealedSsn = ssns[index] !== null ? sealed[nextSealed++] : null;
        const phoneKey = phoneKeys[index];
        const emailKey = emailKeys[index];
        let duplicate: boolean;
        if (kept) {
          duplicate = (phoneKey !== null && kept.has(phoneKey)) || (emailKey !== null && kept.has(emailKey));
          if (duplicate) {
            next.skippedDuplicates++;
            continue;
          }
          for (const key of [phoneKey, emailKey]) {
            if (key === null || kept.has(key)) continue;
            kept.add(key);
            keptKeys.push(key);
          }
        } else {
          // Flag mode: known before the batch, or met on an earlier lead of it.
          duplicate =
            (phoneKey !== null && (taken.has(phoneKey) || firstWith.get(phoneKey)! < index)) ||
            (emailKey !== null && (taken.has(emailKey) || firstWith.get(emailKey)! < index));
        }
        if (duplicate) next.duplicates++;
        next.leadCount++;
        lines.push(`${groupId}\t${next.leadCount}\t`, texts[index], `\t${copyNullable(sealedSsn)}\t${duplicate ? 't' : 'f'}\n`);
      }
      if (keptKeys.length) {
        await this.client.query(
          `insert into lead_keys (key, group_id) select unnest(string_to_array($1, E'\\n')), $2 on conflict do nothing`,
          [keptKeys.join('\n'), groupId],
        );
      }
      if (lines.length) await this.copy(`copy leads_p${groupId} (${LEAD_COLUMNS}) from stdin`, lines.join(''));
      if (failures.length) {
        await this.client.query(
          `insert into lead_import_errors (upload_id, row_number, reason, cells)
           select $1, * from unnest($2::int[], $3::text[], $4::jsonb[]) on conflict do nothing`,
          [
            uploadId,
            failures.map((row) => row.rowNumber),
            failures.map((row) => row.reason),
            failures.map((row) => JSON.stringify(this.sealSsn(row.cells))),
          ],
        );
      }
      next.failedRows += failures.length;
      next.totalRows += block.rows;
      next.lastRow = Math.max(next.lastRow, lastRow);
      // Whole numbers of our own counting only: spliced, so that the counters and the commit are one round trip.
      const counts = [groupId, next.lastRow, next.leadCount, next.totalRows, next.duplicates, next.skippedDuplicates, next.failedRows];
      if (!counts.every(Number.isSafeInteger)) throw new Error(`import counters are not whole numbers: ${counts.join(', ')}`);
      await this.client.query(
        `update lead_groups set last_row = ${next.lastRow}, lead_count = ${next.leadCount}, total_rows = ${next.totalRows},
           duplicates = ${next.duplicates}, skipped_duplicates = ${next.skippedDuplicates}, failed_rows = ${next.failedRows}
         where id = ${groupId}; commit`,
      );
    } catch (error) {
      await this.client.query('rollback').catch(() => undefined);
      throw error;
    }
    Object.assign(this.counters, next);
  }

  /**
   * Claims the batch's keys for the group; answers those that existed before (another group's, or an earlier
   * batch's). In flag mode every lead is imported, so every new key is claimed: by COPY into the key index while
   * the last batch met no known key (a sheet of new leads, the usual case, pays only the index's own cost), under a
   * savepoint, so that a known key (a unique violation) falls back to one set-based claim that skips it. In skip
   * mode it only finds the known ones.
   */
  private async claimKeys(firstWith: Map<string, number>): Promise<Set<string>> {
    const { groupId, duplicateMode } = this.target;
    const taken = new Set<string>();
    const keys = [...firstWith.keys()];
    // The keys travel as one newline-separated text (no key holds whitespace): cheaper than an array.
    const keysText = keys.join('\n');
    if (duplicateMode === 'skip') {
      // Only the keys of the leads kept are claimed, by the caller, once it knows which are kept.
      const { rows: existing } = await this.client.query<{ key: string }>(
        `select key from lead_keys where key = any(string_to_array($1, E'\\n'))`,
        [keysText],
      );
      for (const row of existing) taken.add(row.key);
      return taken;
    }
    if (this.copyKeys) {
      let lines = '';
      // A key holds no whitespace, but an email may hold a backslash: escaped, as every COPY text field.
      for (const key of keys) lines += `${copyText(key)}\t${groupId}\n`;
      await this.client.query('savepoint claim');
      try {
        await this.copy('copy lead_keys (key, group_id) from stdin', lines);
        await this.client.query('release savepoint claim');
        return taken;
      } catch (error) {
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
        // Back to the transaction itself, so that what it claims below has its id (see the xmin test).
        await this.client.query('rollback to savepoint claim; release savepoint claim');
      }
    }
    // Claim all the keys in one statement; what cannot be claimed existed. Only a count comes back, not the
    // thousands of keys claimed: usually every key was new.
    const { rows: counted } = await this.client.query<{ claimed: number }>(
      `with claimed as (insert into lead_keys (key, group_id) select unnest(string_to_array($1, E'\\n')), $2
                        on conflict do nothing returning 1)
       select count(*)::int as claimed from claimed`,
      [keysText, groupId],
    );
    if (counted[0].claimed < keys.length) {
      // Some existed: the batch's keys this transaction did not write (an earlier batch, or another group, did).
      const { rows: existing } = await this.client.query<{ key: string }>(
        `select key from lead_keys where key = any(string_to_array($1, E'\\n')) and xmin <> pg_current_xact_id()::xid`,
        [keysText],
      );
      for (const row of existing) taken.add(row.key);
    }
    // A batch that met known keys is likely followed by more (a sheet imported again): COPY only once one met none.
    this.copyKeys = taken.size === 0;
    return taken;
  }

  /** A failed row keeps its SSN only as an encrypted token (see SsnCipher.token). */
  private sealSsn(cells: FailedRowCells): FailedRowCells {
    if (cells.ssn === undefined) return cells;
    const ssn = String(cells.ssn);
    return { ...cells, ssn: ssn.startsWith(SSN_TOKEN_PREFIX) ? ssn : this.cipher.token(ssn) };
  }

  private copy(sql: string, text: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const stream = this.client.query(copyFrom(sql));
      stream.on('error', reject);
      stream.on('finish', () => resolve());
      stream.end(text);
    });
  }
}
