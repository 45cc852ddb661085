import type { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DuplicateMode } from '@backoffice/contracts';
import type { SsnCipher } from '../security/ssn-cipher';
import { copyNullable, copyText } from './copy-text.policy';
import type { ImportCounters } from './lead-import.messages';
import { SSN_TOKEN_PREFIX, type FailedRowCells, type ParsedLead } from './lead-row.policy';

export type BatchRow = { rowNumber: number; lead: ParsedLead } | { rowNumber: number; reason: string; cells: FailedRowCells };

/** Encrypts a batch's SSNs (SsnCipher.encrypt each), possibly on another thread. */
export type SsnSealer = (ssns: string[]) => Promise<string[]>;

const LEAD_COLUMNS = [
  'group_id',
  'seq',
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
  'ssn_encrypted',
  'ssn_last4',
  'notes',
  'duplicate',
].join(', ');

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

  async write(rows: readonly BatchRow[], lastRow: number): Promise<void> {
    const next = { ...this.counters };
    const { groupId, uploadId, duplicateMode } = this.target;
    const leads: Extract<BatchRow, { lead: ParsedLead }>[] = [];
    const failures: Extract<BatchRow, { reason: string }>[] = [];
    // The batch's distinct keys, each with the first lead (by index) that has it.
    const firstWith = new Map<string, number>();
    const phoneKeys: (string | null)[] = [];
    const emailKeys: (string | null)[] = [];
    const ssns: string[] = [];
    for (const row of rows) {
      if (!('lead' in row)) {
        failures.push(row);
        continue;
      }
      const { lead } = row;
      const index = leads.push(row) - 1;
      if (lead.ssn) ssns.push(lead.ssn);
      const phoneKey = lead.phoneKey ? `p:${lead.phoneKey}` : null;
      const emailKey = lead.emailKey ? `e:${lead.emailKey}` : null;
      phoneKeys.push(phoneKey);
      emailKeys.push(emailKey);
      if (phoneKey !== null && !firstWith.has(phoneKey)) firstWith.set(phoneKey, index);
      if (emailKey !== null && !firstWith.has(emailKey)) firstWith.set(emailKey, index);
    }
    // The SSNs are encrypted while the keys are claimed (on the job's main thread, in the worker).
    const sealing = ssns.length ? this.seal(ssns) : Promise.resolve([]);
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
      const line: (string | number)[] = new Array<string | number>(17).fill(groupId);
      const lines: string[] = [];
      // Skip mode: the keys of the leads kept so far (a skipped lead's keys are not claimed), to be claimed after.
      const kept = duplicateMode === 'skip' ? new Set(taken) : undefined;
      const keptKeys: string[] = [];
      for (let index = 0; index < leads.length; index++) {
        const { rowNumber, lead } = leads[index];
        const sealedSsn = lead.ssn ? sealed[nextSealed++] : null;
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
        // The columns of LEAD_COLUMNS, in order, in one array reused for every lead: join makes each line one flat
        // string, where concatenation would keep a chain of dozens of pieces per lead alive until the batch is sent.
        line[1] = next.leadCount;
        line[2] = rowNumber;
        line[3] = copyText(lead.firstName);
        line[4] = copyText(lead.lastName);
        line[5] = copyText(lead.workAt);
        line[6] = copyText(lead.gender);
        line[7] = copyText(lead.currentCity);
        line[8] = copyNullable(lead.dob);
        line[9] = copyText(lead.email);
        line[10] = copyNullable(lead.emailKey);
        line[11] = copyText(lead.phone);
        line[12] = copyNullable(lead.phoneKey);
        line[13] = copyNullable(sealedSsn);
        line[14] = lead.ssn ? lead.ssn.slice(-4) : '\\N';
        line[15] = copyText(lead.notes);
        line[16] = duplicate ? 't\n' : 'f\n';
        lines.push(line.join('\t'));
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
      next.totalRows += rows.length;
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
