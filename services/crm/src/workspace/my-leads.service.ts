import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Lead, LeadTablePage, LeadTableQuery } from '@backoffice/contracts';
import { NotFoundError } from '@backoffice/platform';
import { leadSearchCondition } from '../groups/lead-search.policy';
import { leadColumns, leadViews, type LeadRow } from '../leads/lead.view';

const MINE = 'join leads l on l.id = a.lead_id and l.group_id = a.group_id where a.user_id = ?';

/** The sales agent's own leads. Every query is bounded by the caller's assignments: no other lead is reachable. */
@Injectable()
export class MyLeadsService {
  constructor(private readonly em: EntityManager) {}

  async page(userId: string, query: LeadTableQuery): Promise<LeadTablePage> {
    const condition = leadSearchCondition(query.search, 'l');
    const search = condition ? ` and ${condition.sql}` : '';
    const params = condition?.params ?? [];
    const [total, filtered, rows] = await Promise.all([
      this.em.execute<{ count: string }[]>('select count(*) as count from lead_assignments a where a.user_id = ?', [userId]),
      condition
        ? this.em.execute<{ count: string }[]>(`select count(*) as count from lead_assignments a ${MINE}${search}`, [userId, ...params])
        : Promise.resolve(undefined),
      this.em.execute<LeadRow[]>(
        `select ${leadColumns('l')} from lead_assignments a ${MINE}${search} order by a.seq desc limit ? offset ?`,
        [userId, ...params, query.length, query.start],
      ),
    ]);
    const recordsTotal = Number(total[0].count);
    return {
      draw: query.draw,
      recordsTotal,
      recordsFiltered: filtered ? Number(filtered[0].count) : recordsTotal,
      data: await leadViews(this.em, rows),
    };
  }

  async summary(userId: string): Promise<{ total: number; withNotes: number; duplicates: number }> {
    const [row] = await this.em.execute<{ total: string; with_notes: string; duplicates: string }[]>(
      `select count(*) as total, count(*) filter (where l.notes <> '') as with_notes, count(*) filter (where l.duplicate) as duplicates
       from lead_assignments a ${MINE}`,
      [userId],
    );
    return { total: Number(row.total), withNotes: Number(row.with_notes), duplicates: Number(row.duplicates) };
  }

  /** Updates the notes of one of the agent's leads; any other lead is "not found". */
  async updateNotes(userId: string, leadId: number, notes: string): Promise<Lead> {
    const rows = await this.em.execute<LeadRow[]>(
      `update leads l set notes = ?, updated_at = now() from lead_assignments a
       where a.user_id = ? and a.lead_id = ? and l.id = a.lead_id and l.group_id = a.group_id
       returning ${leadColumns('l')}`,
      [notes, userId, leadId],
    );
    if (rows.length === 0) throw new NotFoundError('Lead', leadId);
    return (await leadViews(this.em, rows))[0];
  }
}
