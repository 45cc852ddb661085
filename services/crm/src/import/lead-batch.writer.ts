import type { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DuplicateMode } from '@backoffice/contracts';
import type { SsnCipher } from '../security/ssn-cipher';
import { copyLine } from './copy-text.policy';
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

/** The keys duplicates are found by: the phone's digits and the lower-cased email. */
export function leadKeys(lead: ParsedLead): string[] {
  const keys: string[] = [];
  if (lead.phoneKey) keys.push(`p:${lead.phoneKey}`);
  if (lead.emailKey) keys.push(`e:${lead.emailKey}`);
  return keys;
}

/**
 * Writes an import's rows in batches, one transaction each: the leads by COPY into the group's own
 * (not yet attached) partition, their duplicate keys, the failed rows, and the group's counters with
 * the last row committed. A crash loses at most the batch in flight, and a retry resumes after it.
 */
export class LeadBatchWriter {
  private readonly counters: ImportCounters;

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
    const leads = rows.filter((row): row is Extract<BatchRow, { lead: ParsedLead }> => 'lead' in row);
    const failures = rows.filter((row): row is Extract<BatchRow, { reason: string }> => 'reason' in row);
    // The SSNs are encrypted while the keys are claimed (on the job's main thread, in the worker).
    const ssns: string[] = [];
    for (const { lead } of leads) if (lead.ssn) ssns.push(lead.ssn);
    const sealing = ssns.length ? this.seal(ssns) : Promise.resolve([]);
    sealing.catch(() => undefined); // awaited below, unless the claims fail first
    await this.client.query('begin');
    try {
      // A batch commits without waiting for its WAL flush: if PostgreSQL itself crashed, the batch and
      // the group's counters that record it would be lost together, and the import resumes before it.
      // The transaction that makes the group ready waits as usual, and takes every batch with it.
      await this.client.query('set local synchronous_commit = off');
      const batchKeys = [...new Set(leads.flatMap((row) => leadKeys(row.lead)))];
      // Keys known before this batch (or met earlier in it): their leads are duplicates.
      const known = new Set<string>();
      if (batchKeys.length && duplicateMode === 'flag') {
        // Every lead is imported: claim all its keys in one statement; what cannot be claimed existed.
        // The keys travel as one newline-separated text (no key holds whitespace): cheaper than an array.
        // Only a count comes back, not the thousands of keys claimed: usually every key was new.
        const keysText = batchKeys.join('\n');
        const { rows: counted } = await this.client.query<{ claimed: number }>(
          `with claimed as (insert into lead_keys (key, group_id) select unnest(string_to_array($1, E'\\n')), $2
                            on conflict do nothing returning 1)
           select count(*)::int as claimed from claimed`,
          [keysText, groupId],
        );
        if (counted[0].claimed < batchKeys.length) {
          // Some existed: the batch's keys this transaction did not write (an earlier batch, or another group, did).
          const { rows: taken } = await this.client.query<{ key: string }>(
            `select key from lead_keys where key = any(string_to_array($1, E'\\n')) and xmin <> pg_current_xact_id()::xid`,
            [keysText],
          );
          for (const row of taken) known.add(row.key);
        }
      } else if (batchKeys.length) {
        const { rows: existing } = await this.client.query<{ key: string }>('select key from lead_keys where key = any($1::text[])', [
          batchKeys,
        ]);
        for (const row of existing) known.add(row.key);
      }
      const newKeys: string[] = [];
      const sealed = await sealing;
      let nextSealed = 0;
      let copy = '';
      for (const { rowNumber, lead } of leads) {
        const sealedSsn = lead.ssn ? sealed[nextSealed++] : null;
        const keys = leadKeys(lead);
        const duplicate = keys.some((key) => known.has(key));
        if (duplicate && duplicateMode === 'skip') {
          next.skippedDuplicates++;
          continue;
        }
        for (const key of keys) {
          if (!known.has(key)) newKeys.push(key);
          known.add(key);
        }
        if (duplicate) next.duplicates++;
        next.leadCount++;
        copy += copyLine([
          groupId,
          next.leadCount,
          rowNumber,
          lead.firstName,
          lead.lastName,
          lead.workAt,
          lead.gender,
          lead.currentCity,
          lead.dob,
          lead.email,
          lead.emailKey,
          lead.phone,
          lead.phoneKey,
          sealedSsn,
          lead.ssn ? lead.ssn.slice(-4) : null,
          lead.notes,
          duplicate,
        ]);
      }
      if (newKeys.length && duplicateMode === 'skip') {
        await this.client.query('insert into lead_keys (key, group_id) select unnest($1::text[]), $2 on conflict do nothing', [
          newKeys,
          groupId,
        ]);
      }
      if (copy) await this.copy(`copy leads_p${groupId} (${LEAD_COLUMNS}) from stdin`, copy);
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
      await this.client.query(
        `update lead_groups set last_row = $2, lead_count = $3, total_rows = $4, duplicates = $5,
           skipped_duplicates = $6, failed_rows = $7 where id = $1`,
        [groupId, next.lastRow, next.leadCount, next.totalRows, next.duplicates, next.skippedDuplicates, next.failedRows],
      );
      await this.client.query('commit');
    } catch (error) {
      await this.client.query('rollback').catch(() => undefined);
      throw error;
    }
    Object.assign(this.counters, next);
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
