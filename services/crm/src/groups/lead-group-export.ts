import type { EntityManager } from '@mikro-orm/postgresql';
import { leadColumns, sellersOf, type LeadRow } from '../leads/lead.view';

const BATCH = 5000;

export const EXPORT_COLUMNS = [
  { header: 'ID', width: 10 },
  { header: 'SSN (last 4)', width: 12 },
  { header: 'First Name', width: 16 },
  { header: 'Last Name', width: 16 },
  { header: 'Work At', width: 22 },
  { header: 'Gender', width: 10 },
  { header: 'Current City', width: 18 },
  { header: 'DOB', width: 13, numFmt: 'yyyy-mm-dd' },
  { header: 'Email', width: 30 },
  { header: 'Phone', width: 18 },
  { header: 'Notes', width: 36 },
  { header: 'Duplicate', width: 10 },
  { header: 'Sellers', width: 30 },
];

/** A group's leads in sheet order, a batch at a time (keyset on `seq`), as export rows. */
export async function* groupExportRows(em: EntityManager, groupId: number): AsyncGenerator<unknown[][]> {
  let after = 0;
  for (;;) {
    const rows = await em.execute<(LeadRow & { seq: number })[]>(
      `select ${leadColumns('l')}, l.seq from leads l where l.group_id = ? and l.seq > ? order by l.seq limit ?`,
      [groupId, after, BATCH],
    );
    if (rows.length === 0) return;
    const sellers = await sellersOf(
      em,
      rows.map((row) => row.id),
    );
    yield rows.map((row) => [
      row.id,
      row.ssn_last4 ?? '',
      row.first_name,
      row.last_name,
      row.work_at,
      row.gender,
      row.current_city,
      row.dob ? new Date(`${row.dob}T00:00:00Z`) : null,
      row.email,
      row.phone,
      row.notes,
      row.duplicate ? 'Yes' : '',
      (sellers.get(row.id) ?? []).join(', '),
    ]);
    after = rows[rows.length - 1].seq;
  }
}
