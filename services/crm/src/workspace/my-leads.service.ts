import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ACTIVITY_DAYS, type Lead, type MyLeadsActivity } from '@backoffice/contracts';
import { AuditTrail, changedFields, NotFoundError } from '@backoffice/platform';
import { leadColumns, leadViews, type LeadRow } from '../leads/lead.view';
import { writeHistory } from '../pipeline/pipeline.view';

/** The sales agent's own leads. Every query is bounded by the caller's assignments: no other lead is reachable. */
@Injectable()
export class MyLeadsService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditTrail,
  ) {}

  /**
   * The agent's last `ACTIVITY_DAYS` days in their time zone, every day present (0 when nothing happened): leads
   * assigned to them, history entries they wrote (notes, stage changes, follow-ups), and their leads converted.
   */
  async activity(userId: string, tz: string): Promise<MyLeadsActivity> {
    const days = await this.em.execute<{ day: string; assigned: number; worked: number; converted: number }[]>(
      `with span as (
         select (now() at time zone ?::text)::date - (?::int - 1) as first, now() - make_interval(days => ?::int + 1) as since
       )
       select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(a.n, 0)::int as assigned, coalesce(w.n, 0)::int as worked,
              coalesce(c.n, 0)::int as converted
         from span, generate_series(span.first, span.first + (?::int - 1), interval '1 day') as d(day)
         left join (select (assigned_at at time zone ?::text)::date as day, count(*) as n from lead_assignments, span
                     where user_id = ? and assigned_at >= span.since group by 1) a on a.day = d.day
         left join (select (created_at at time zone ?::text)::date as day, count(*) as n from lead_notes, span
                     where author_id = ? and created_at >= span.since group by 1) w on w.day = d.day
         left join (select (stage_changed_at at time zone ?::text)::date as day, count(*) as n from lead_assignments, span
                     where user_id = ? and stage = 'Converted' and stage_changed_at >= span.since group by 1) c on c.day = d.day
        order by d.day`,
      [tz, ACTIVITY_DAYS, ACTIVITY_DAYS, ACTIVITY_DAYS, tz, userId, tz, userId, tz, userId],
    );
    return { days };
  }

  /**
   * Sets the notes of one of the agent's leads (the specification's call); any other lead is "not found".
   * Non-empty notes are also appended to the lead's notes history, by the agent.
   */
  async updateNotes(agent: { id: string; name: string }, leadId: number, notes: string): Promise<Lead> {
    return this.em.transactional(async (em) => {
      const [previous] = await em.execute<{ notes: string }[]>('select notes from leads where id = ?', [leadId]);
      const rows = await em.execute<LeadRow[]>(
        `update leads l set notes = ?, updated_at = now() from lead_assignments a
         where a.user_id = ? and a.lead_id = ? and l.id = a.lead_id and l.group_id = a.group_id
         returning ${leadColumns('l')}`,
        [notes, agent.id, leadId],
      );
      if (rows.length === 0) throw new NotFoundError('Lead', leadId);
      const fields = changedFields({ notes: previous?.notes ?? null }, { notes });
      if (Object.keys(fields).length) this.audit.record(em, [{ entityType: 'Lead', recordId: String(leadId), action: 'updated', fields }]);
      if (notes.trim()) await writeHistory(em, leadId, agent, 'note', notes);
      return (await leadViews(em, rows))[0];
    });
  }
}
