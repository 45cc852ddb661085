import { LEADS_PATHS } from '@backoffice/contracts';
import { useSWRConfig } from 'swr';
import type {
  DistributeLeadsResult,
  DuplicateMode,
  Lead,
  LeadChange,
  LeadGroup,
  LeadImportJob,
  LeadTablePage,
  LeadUpload,
  Page,
  UpdateUserLeadsResult,
  UserLeads,
} from '@backoffice/contracts';
import { apiFetch, useApi, withQuery } from '../../components/api';

/** The crm API's paths, as the console calls them. */
export const CRM_PATHS = {
  ...LEADS_PATHS,
} as const;

export interface TableQuery {
  draw: number;
  start: number;
  length: number;
  search: string;
}

// ── Leads screen ───────────────────────────────────────────────────────────────────────────────

export const useLeadUploads = () => useApi<LeadUpload[]>(CRM_PATHS.uploads);

export const useLeadGroups = (page: number, pageSize: number) =>
  useApi<Page<LeadGroup>>(withQuery(CRM_PATHS.groups, { page, pageSize }), { keepPreviousData: true });

/** One server page of a group's leads (draw/start/length/search). */
export const useLeadGroupPage = (groupId: number | null, query: TableQuery) =>
  useApi<LeadTablePage<Lead>>(groupId ? withQuery(CRM_PATHS.groupLeads(groupId), { ...query }) : null, { keepPreviousData: true });

/** Uploads one spreadsheet (multipart, field "file"). */
export function uploadLeadFile(file: File, signal?: AbortSignal): Promise<LeadUpload> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiFetch<LeadUpload>(CRM_PATHS.uploads, { method: 'POST', body: form, signal });
}

/** `again`: the user chose to import a file already imported, into a new group. */
export const extractUpload = (id: number, duplicates: DuplicateMode, again = false) =>
  apiFetch<{ jobId: string }>(CRM_PATHS.extract(id), { method: 'POST', json: { duplicates, again } });

export const fetchJob = (jobId: string) => apiFetch<LeadImportJob>(CRM_PATHS.job(jobId));

export const clearUpload = (id: number) => apiFetch<void>(CRM_PATHS.upload(id), { method: 'DELETE' });
export const clearAllUploads = () => apiFetch<{ removed: number; kept: number }>(CRM_PATHS.uploads, { method: 'DELETE' });

/** Reloads every cached answer whose key `matches`: what it held is dropped, and it is asked again. */
export function useReload(matches: (key: string) => boolean) {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => typeof key === 'string' && matches(key), undefined, { revalidate: true });
}

/** Revalidates the pending files and the groups after an upload, a clear or an extraction. */
export const useReloadLeads = () => useReload((key) => key === CRM_PATHS.uploads || key.startsWith(CRM_PATHS.groups));

// ── Downloads (the API needs the bearer token, so no plain links) ─────────────────────────────

export { download } from '../../components/api';

// ── User-leads screen ──────────────────────────────────────────────────────────────────────────

export const useAssignableLeads = (query: TableQuery, unassigned = false) =>
  useApi<LeadTablePage<Lead>>(withQuery(CRM_PATHS.assignable, { ...query, unassigned: unassigned || undefined }), {
    keepPreviousData: true,
  });

export const useUserLeads = (userId: string | null) => useApi<UserLeads>(userId ? CRM_PATHS.userLeads(userId) : null);

/** The next unassigned leads among those the search matches (+10 / +100). */
export const fetchUnassignedIds = (limit: number, search: string) =>
  apiFetch<number[]>(withQuery(CRM_PATHS.unassignedIds, { limit, search: search || undefined }));

/**
 * How many unassigned leads with a phone the search matches: what +10, +100 and Distribute take from. Undefined
 * while it loads (never the previous search's count).
 */
export const useUnassignedMatches = (search: string): number | undefined =>
  useApi<LeadTablePage<Lead>>(
    withQuery(CRM_PATHS.assignable, { draw: 0, start: 0, length: 1, search: search || undefined, unassigned: true }),
  ).data?.recordsFiltered;

export const updateUserLeads = (userId: string, changes: LeadChange[]) =>
  apiFetch<UpdateUserLeadsResult>(CRM_PATHS.userLeads(userId), { method: 'PUT', json: { changes } });

export const distributeLeads = (userIds: string[], count: number, search: string) =>
  apiFetch<DistributeLeadsResult>(CRM_PATHS.distribute, { method: 'POST', json: { userIds, count, search } });

/** After assignments change: the table's sellers and every agent's lead list. */
export const useReloadAssignments = () => useReload((key) => key.startsWith(CRM_PATHS.assignable) || key.startsWith(CRM_PATHS.users));
