import { AUDIT_PATHS, type AuditHistoryQuery, type AuditQuery, type AuditRecord, type Page } from '@backoffice/contracts';
import { useApi } from '../api';

/** `?a=1&b=x` of the defined values, in a stable order (one SWR key per query). */
function withQuery(path: string, query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The Activity screen's page of the audit log (Admin). */
export const useActivity = (query: Partial<AuditQuery>) =>
  useApi<Page<AuditRecord>>(withQuery(AUDIT_PATHS.records, query), { keepPreviousData: true });

/** One record's own history (Admin and Manager); null waits. */
export const useRecordHistory = (query: AuditHistoryQuery | null) =>
  useApi<Page<AuditRecord>>(query ? withQuery(AUDIT_PATHS.history, query) : null, { keepPreviousData: true });
