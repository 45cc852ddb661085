import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Lead } from '@backoffice/contracts';
import { AuditTrail, changedFields, NotFoundError } from '@backoffice/platform';
import { leadColumns, leadViews, type LeadRow } from '../leads/lead.view';

/** The sales agent's own leads. Every query is bounded by the caller's assignments: no other lead is reachable. */
@Injectable()
export class MyLeadsService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditTrail,
  ) {}

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
      if (notes.trim()) {
        await em.execute('insert into lead_notes (lead_id, author_id, author_name, text) values (?, ?, ?, ?)', [
          leadId,
          agent.id,
          agent.name || 'Unknown',
          notes,
        ]);
      }
      return (await leadViews(em, rows))[0];
    });
  }
}
