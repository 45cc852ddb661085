import type { LeadHistoryKind, LeadNote, LeadStage, PipelineLead } from '@backoffice/contracts';
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
  kind: LeadHistoryKind;
  author_id: string | null;
  author_name: string;
  text: string;
  created_at: Date;
}

const NOTE_COLUMNS = 'id, lead_id, kind, author_id, author_name, text, created_at';

/** A lead's history, newest first. */
export const historyOf = (em: EntityManager, leadId: number) =>
  em.execute<NoteRow[]>(`select ${NOTE_COLUMNS} from lead_notes where lead_id = ? order by id desc`, [leadId]);

/** Appends one entry to a lead's history (a note, a stage change, a follow-up date), by its author as named now. */
export async function writeHistory(
  em: EntityManager,
  leadId: number,
  author: { id: string; name: string },
  kind: LeadHistoryKind,
  text: string,
): Promise<NoteRow> {
  const [row] = await em.execute<NoteRow[]>(
    `insert into lead_notes (lead_id, author_id, author_name, kind, text) values (?, ?, ?, ?, ?) returning ${NOTE_COLUMNS}`,
    [leadId, author.id, author.name || 'Unknown', kind, text],
  );
  return row;
}

export const toLeadNote = (row: NoteRow): LeadNote => ({
  id: Number(row.id),
  leadId: row.lead_id,
  kind: row.kind,
  authorId: row.author_id,
  authorName: row.author_name,
  text: row.text,
  createdAt: new Date(row.created_at).toISOString(),
});
