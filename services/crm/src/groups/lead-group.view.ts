import type { LeadGroup as LeadGroupView } from '@backoffice/contracts';
import type { LeadGroupEntity } from './lead-group.entity';

export function toGroupView(group: LeadGroupEntity): LeadGroupView {
  return {
    id: group.id,
    name: group.name,
    dateCreated: group.createdAt.toISOString(),
    leadCount: group.leadCount,
    duplicates: group.duplicates,
    skippedDuplicates: group.skippedDuplicates,
    failedRows: group.failedRows,
    uploadId: group.uploadId ?? null,
  };
}
