import type { LeadNote, LeadStage, PipelineLead } from '@backoffice/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { leadColumns, sellersOf, toLeadView, type LeadRow } from '../leads/lead.view';

/** The tables a pipeline list reads: assignments (`a`), their leads (`l`) and agents (`s`). */
export const PIPELINE_FROM = `from lead_assignments a
  join leads l on l.id = a.lead_id and l.group_id = a.group_id
  join sales_agents s on s.user_id = a.user_id`;

export const pipelineColumns = () =>
  `${leadColumns('l')}, a.stage, to_char(a.follow_up_at, 'YYYY-MM-DD') as follow_up_at, a.stage_changed_at, a.assigned_at,
   a.user_id as agent_id, s.name as agent_name`;

export interface PipelineRow extends LeadRow {
  stage: LeadStage;
  follow_up_at: string | null;
  stage_changed_at: Date | null;
  assigned_at: Date;
  agent_id: string;
  agent_name: string;
}

/** Pipeline rows with their lead's sellers, as the console gets them. */
export async function pipelineViews(em: EntityManager, rows: PipelineRow[]): Promise<PipelineLead[]> {
  const sellers = await sellersOf(
    em,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...toLeadView(row, sellers.get(row.id) ?? []),
    stage: row.stage,
    followUpAt: row.follow_up_at,
    stageChangedAt: row.stage_changed_at ? new Date(row.stage_changed_at).toISOString() : null,
    assignedAt: new Date(row.assigned_at).toISOString(),
    agentId: row.agent_id,
    agentName: row.agent_name,
  }));
}

export interface NoteRow {
  id: string;
  lead_id: number;
  author_id: string | null;
  author_name: string;
  text: string;
  created_at: Date;
}

export const toLeadNote = (row: NoteRow): LeadNote => ({
  id: Number(row.id),
  leadId: row.lead_id,
  authorId: row.author_id,
  authorName: row.author_name,
  text: row.text,
  createdAt: new Date(row.created_at).toISOString(),
});
