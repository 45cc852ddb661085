import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  FOLLOW_UP_IN_PAST,
  LEAD_STAGES,
  type LeadNote,
  type LeadStage,
  type MyLeadsSummary,
  type PipelineLead,
  type PipelinePage,
  type PipelineQuery,
  type UpdatePipeline,
} from '@backoffice/contracts';
import { AuditTrail, changedFields, InvalidInputError, NotFoundError } from '@backoffice/platform';
import { isFollowUpInPast } from './follow-up.policy';
import { historyOfChange } from './lead-history.policy';
import { MONTH_START, TODAY, WEEK_START, pipelineOrder, pipelineWhere } from './pipeline-filter.policy';
import { PIPELINE_FROM, historyOf, pipelineColumns, pipelineViews, toLeadNote, writeHistory, type PipelineRow } from './pipeline.view';

/** Who acts on a lead: an agent reaches only their own leads, a Manager or an Admin any lead. */
export interface PipelineActor {
  id: string;
  name: string;
  roles: readonly string[];
}

export const isStaff = (actor: { roles: readonly string[] }) => actor.roles.includes('Admin') || actor.roles.includes('Manager');

/** Notes imported with the sheet (before any history): shown as the first note, by nobody. */
const IMPORTED_NOTE_AUTHOR = 'Imported with the sheet';

/** The pipeline: lists (an agent's own, the team's), the workspace figures, stage, follow-up and notes of a lead. */
@Injectable()
export class PipelineService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditTrail,
  ) {}

  /** A page of pipeline leads; `userId` bounds it to one agent (always, for an agent's own list). */
  async page(query: PipelineQuery, userId?: string): Promise<PipelinePage> {
    const where = pipelineWhere({ ...query, userId });
    const scope = userId ? ' where a.user_id = ?' : '';
    const [total, filtered, rows] = await Promise.all([
      this.em.execute<{ count: string }[]>(`select count(*) as count from lead_assignments a${scope}`, userId ? [userId] : []),
      this.em.execute<{ count: string }[]>(`select count(*) as count ${PIPELINE_FROM} where ${where.sql}`, where.params),
      this.em.execute<PipelineRow[]>(
        `select ${pipelineColumns()} ${PIPELINE_FROM} where ${where.sql} order by ${pipelineOrder(query.sort)} limit ? offset ?`,
        [...where.params, query.length, query.start],
      ),
    ]);
    return {
      draw: query.draw,
      recordsTotal: Number(total[0].count),
      recordsFiltered: Number(filtered[0].count),
      data: await pipelineViews(this.em, rows),
    };
  }

  /** The agent's workspace figures in their time zone; each card is also a filter of their list. */
  async summary(userId: string, tz: string): Promise<MyLeadsSummary> {
    const [[row], stages] = await Promise.all([
      this.em.execute<Record<string, string>[]>(
        `select count(*) as total, count(*) filter (where l.notes <> '') as with_notes, count(*) filter (where l.duplicate) as duplicates,
           count(*) filter (where a.follow_up_at = ${TODAY}) as due_today,
           count(*) filter (where a.follow_up_at < ${TODAY}) as overdue,
           count(*) filter (where a.assigned_at >= ${WEEK_START}) as new_this_week,
           count(*) filter (where a.stage = 'Converted' and a.stage_changed_at >= ${MONTH_START}) as converted_this_month
         from lead_assignments a join leads l on l.id = a.lead_id and l.group_id = a.group_id where a.user_id = ?`,
        [tz, tz, tz, tz, tz, tz, userId],
      ),
      this.em.execute<{ stage: LeadStage; count: string }[]>(
        'select stage, count(*) as count from lead_assignments where user_id = ? group by stage',
        [userId],
      ),
    ]);
    const byStage = Object.fromEntries(LEAD_STAGES.map((stage) => [stage, 0])) as Record<LeadStage, number>;
    for (const stage of stages) byStage[stage.stage] = Number(stage.count);
    return {
      total: Number(row.total),
      withNotes: Number(row.with_notes),
      duplicates: Number(row.duplicates),
      dueToday: Number(row.due_today),
      overdue: Number(row.overdue),
      newThisWeek: Number(row.new_this_week),
      convertedThisMonth: Number(row.converted_this_month),
      byStage,
    };
  }

  /** Changes the stage and/or follow-up of a lead, for every seller of it (they share its pipeline). */
  async update(actor: PipelineActor, leadId: number, change: UpdatePipeline): Promise<PipelineLead> {
    if (change.followUpAt && isFollowUpInPast(change.followUpAt, new Date())) {
      throw new InvalidInputError([{ path: 'followUpAt', message: FOLLOW_UP_IN_PAST }]);
    }
    return this.em.transactional(async (em) => {
      const before = await this.assignedRow(em, actor, leadId, true);
      const stage = change.stage ?? null;
      const setFollowUp = change.followUpAt !== undefined;
      await em.execute(
        `update lead_assignments set
           stage_changed_at = case when ?::text is not null and ?::text <> stage then now() else stage_changed_at end,
           stage = coalesce(?::text, stage),
           follow_up_at = case when ?::boolean then ?::date else follow_up_at end
         where lead_id = ?`,
        [stage, stage, stage, setFollowUp, change.followUpAt ?? null, leadId],
      );
      const after = await this.assignedRow(em, actor, leadId);
      const fields = changedFields(
        { stage: before.stage, followUpAt: before.followUpAt },
        { stage: after.stage, followUpAt: after.followUpAt },
      );
      if (Object.keys(fields).length) this.audit.record(em, [{ entityType: 'Lead', recordId: String(leadId), action: 'updated', fields }]);
      for (const entry of historyOfChange(before, after)) await writeHistory(em, leadId, actor, entry.kind, entry.text);
      return after;
    });
  }

  /** The lead's notes, newest first; notes imported with the sheet come last, by nobody. */
  async notes(actor: PipelineActor, leadId: number): Promise<LeadNote[]> {
    const lead = await this.reachableLead(this.em, actor, leadId);
    const notes = (await historyOf(this.em, leadId)).map(toLeadNote);
    if (!notes.some((note) => note.kind === 'note') && lead.notes) {
      notes.push({
        id: 0,
        leadId,
        kind: 'note',
        authorId: null,
        authorName: IMPORTED_NOTE_AUTHOR,
        text: lead.notes,
        createdAt: new Date(lead.created_at).toISOString(),
      });
    }
    return notes;
  }

  /** Appends a note to the lead's history; the lead's notes become it. */
  async addNote(actor: PipelineActor, leadId: number, text: string, em: EntityManager = this.em): Promise<LeadNote> {
    return em.transactional(async (tx) => {
      const lead = await this.reachableLead(tx, actor, leadId);
      const row = await writeHistory(tx, leadId, actor, 'note', text);
      await tx.execute('update leads set notes = ?, updated_at = now() where id = ? and group_id = ?', [text, leadId, lead.group_id]);
      this.audit.record(tx, [
        {
          entityType: 'Lead',
          recordId: String(leadId),
          action: 'updated',
          fields: changedFields({ notes: lead.notes }, { notes: text }),
          note: 'Note added.',
        },
      ]);
      return toLeadNote(row);
    });
  }

  /** The lead as the actor may reach it: an agent's own lead, any lead for a Manager or an Admin; else "not found". */
  async reachableLead(
    em: EntityManager,
    actor: PipelineActor,
    leadId: number,
  ): Promise<{ group_id: number; notes: string; created_at: Date }> {
    const [lead] = isStaff(actor)
      ? await em.execute<{ group_id: number; notes: string; created_at: Date }[]>(
          'select group_id, notes, created_at from leads where id = ?',
          [leadId],
        )
      : await em.execute<{ group_id: number; notes: string; created_at: Date }[]>(
          `select l.group_id, l.notes, l.created_at from lead_assignments a join leads l on l.id = a.lead_id and l.group_id = a.group_id
           where a.lead_id = ? and a.user_id = ?`,
          [leadId, actor.id],
        );
    if (!lead) throw new NotFoundError('Lead', leadId);
    return lead;
  }

  /** The lead's pipeline row the actor sees (their own; a Manager's: the latest assignment), locked when asked. */
  private async assignedRow(em: EntityManager, actor: PipelineActor, leadId: number, lock = false): Promise<PipelineLead> {
    const mine = isStaff(actor) ? '' : ' and a.user_id = ?';
    const rows = await em.execute<PipelineRow[]>(
      `select ${pipelineColumns()} ${PIPELINE_FROM} where a.lead_id = ?${mine} order by a.seq desc${lock ? ' for update of a' : ''}`,
      isStaff(actor) ? [leadId] : [leadId, actor.id],
    );
    if (rows.length === 0) throw new NotFoundError('Lead', leadId);
    return (await pipelineViews(em, rows.slice(0, 1)))[0];
  }
}
