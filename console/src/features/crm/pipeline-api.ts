import type {
  LeadNote,
  MyLeadsActivity,
  LeadStage,
  MyLeadsSummary,
  PipelineCard,
  PipelineLead,
  PipelinePage,
  PipelineSort,
  ReassignLeadsResult,
  UpdatePipeline,
} from '@backoffice/contracts';
import { apiFetch, useApi, withQuery } from '../../components/api';
import { browserTimeZone } from '../../components/format';
import { CRM_PATHS, useReload } from './api';

export interface PipelineListQuery {
  start: number;
  length: number;
  search: string;
  stage?: LeadStage;
  due?: boolean;
  card?: PipelineCard;
  sort: PipelineSort;
  /** The team view only: one agent's leads. */
  userId?: string;
}

const listQuery = (query: PipelineListQuery) => ({ ...query, draw: 0, tz: browserTimeZone() });

/** The signed-in agent's leads, filtered and sorted on the server. */
export const useMyPipeline = (query: PipelineListQuery) =>
  useApi<PipelinePage>(withQuery(CRM_PATHS.mine, listQuery(query), { omitFalse: true }), { keepPreviousData: true });

/** Every agent's leads (Managers and Admins). */
export const useTeamPipeline = (query: PipelineListQuery) =>
  useApi<PipelinePage>(withQuery(CRM_PATHS.team, listQuery(query), { omitFalse: true }), { keepPreviousData: true });

export const useMyLeadsSummary = () => useApi<MyLeadsSummary>(withQuery(CRM_PATHS.mineSummary, { tz: browserTimeZone() }));

/** The agent's last 30 days, day by day (for the workspace's chart). */
export const useMyActivity = () => useApi<MyLeadsActivity>(withQuery(CRM_PATHS.mineActivity, { tz: browserTimeZone() }));

export const useLeadNotes = (leadId: number | null) => useApi<LeadNote[]>(leadId ? CRM_PATHS.leadNotes(leadId) : null);

export const updatePipeline = (leadId: number, change: UpdatePipeline) =>
  apiFetch<PipelineLead>(CRM_PATHS.pipelineLead(leadId), { method: 'PATCH', json: change });

export const addLeadNote = (leadId: number, text: string) =>
  apiFetch<LeadNote>(CRM_PATHS.leadNotes(leadId), { method: 'POST', json: { text } });

export const reassignLeads = (leadIds: number[], toUserId: string) =>
  apiFetch<ReassignLeadsResult>(CRM_PATHS.teamReassign, { method: 'POST', json: { leadIds, toUserId } });

/** After a change to a lead: the lists, the workspace figures and its notes. */
export const useReloadPipeline = () =>
  useReload((key) => key.startsWith(CRM_PATHS.mine) || key.startsWith(CRM_PATHS.team) || key.startsWith(CRM_PATHS.pipeline));
