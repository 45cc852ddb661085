import type { EntityManager } from '@mikro-orm/postgresql';
import type { LeadPreviousImport } from '@backoffice/contracts';
import { LeadGroupEntity } from '../groups/lead-group.entity';
import { toGroupView } from '../groups/lead-group.view';
import { sqlArray } from '../leads/sql-array';
import type { LeadUploadEntity } from './lead-upload.entity';

/**
 * For each upload given, the latest earlier import of the same content (by SHA-256): an other upload that was
 * extracted into a group still there. One query for the lot, so the pending list asks once.
 */
export async function previousImports(em: EntityManager, uploads: readonly LeadUploadEntity[]): Promise<Map<number, LeadPreviousImport>> {
  const hashed = uploads.filter((upload) => upload.contentSha256);
  const found = new Map<number, LeadPreviousImport>();
  if (hashed.length === 0) return found;
  const rows = await em.execute<{ upload_id: number; group_id: number; extracted_at: Date }[]>(
    `select distinct on (p.id) p.id as upload_id, g.id as group_id, u.extracted_at
     from lead_uploads p
     join lead_uploads u on u.content_sha256 = p.content_sha256 and u.id <> p.id and u.extracted
     join lead_groups g on g.upload_id = u.id and g.status = 'ready'
     where p.id = any(?::int[])
     order by p.id, u.extracted_at desc, u.id desc`,
    [sqlArray(hashed.map((upload) => upload.id))],
  );
  if (rows.length === 0) return found;
  const groups = new Map(
    (await em.find(LeadGroupEntity, { id: { $in: rows.map((row) => row.group_id) } })).map((group) => [group.id, group] as const),
  );
  for (const row of rows) {
    const group = groups.get(row.group_id);
    if (group) found.set(row.upload_id, { date: new Date(row.extracted_at).toISOString(), group: toGroupView(group) });
  }
  return found;
}
