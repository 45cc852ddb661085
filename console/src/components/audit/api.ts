import { AUDIT_PATHS, type AuditHistoryQuery, type AuditQuery, type AuditRecord, type Page } from '@backoffice/contracts';
import { useApi, withQuery } from '../api';

/** The Activity screen's page of the audit log (Admin). */
export const useActivity = (query: Partial<AuditQuery>) =>
  useApi<Page<AuditRecord>>(withQuery(AUDIT_PATHS.records, query), { keepPreviousData: true });

/** One record's own history (Admin and Manager); null waits. */
export const useRecordHistory = (query: AuditHistoryQuery | null) =>
  useApi<Page<AuditRecord>>(query ? withQuery(AUDIT_PATHS.history, query) : null, { keepPreviousData: true });
