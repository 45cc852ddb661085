import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type {
  AssignableLeadsQuery,
  DistributeLeads,
  DistributeLeadsResult,
  LeadChange,
  LeadTablePage,
  ReassignLeads,
  ReassignLeadsResult,
  UpdateUserLeadsResult,
  UserLeads,
} from '@backoffice/contracts';
import { AuditTrail, InvalidInputError, NotFoundError } from '@backoffice/platform';
import { assignmentChange } from './assignment-audit';
import { leadSearchCondition } from '../groups/lead-search.policy';
import { leadColumns, leadViews, type LeadRow } from '../leads/lead.view';
import { sqlArray } from '../leads/sql-array';
import { AgentDirectory } from './agent-directory.client';
import { distributeRoundRobin } from './distribution.policy';

/** Serialises distributions, so two at once never hand the same lead to two agents. */
const DISTRIBUTION_LOCK = 0x1ead_d157;
const UNASSIGNED = 'not exists (select 1 from lead_assignments a where a.lead_id = l.id)';

/** Leads with a phone that nobody has and the search matches (every such lead when the search is empty). */
function unassignedMatching(search: string): { where: string; params: string[] } {
  const condition = leadSearchCondition(search, 'l');
  return {
    where: ['l.phone_key is not null', UNASSIGNED, ...(condition ? [condition.sql] : [])].join(' and '),
    params: condition?.params ?? [],
  };
}

@Injectable()
export class LeadAssignmentsService {
  constructor(
    private readonly em: EntityManager,
    private readonly agents: AgentDirectory,
    private readonly audit: AuditTrail,
  ) {}

  /** Leads with a phone (only those can be assigned), in table order, with their sellers. */
  async assignable(query: AssignableLeadsQuery): Promise<LeadTablePage> {
    const condition = leadSearchCondition(query.search, 'l');
    const filters = ['l.phone_key is not null', ...(query.unassigned ? [UNASSIGNED] : []), ...(condition ? [condition.sql] : [])];
    const params = condition?.params ?? [];
    const where = filters.join(' and ');
    const [total, filtered, rows] = await Promise.all([
      this.em.execute<{ count: string }[]>(`select count(*) as count from leads l where l.phone_key is not null`),
      filters.length > 1
        ? this.em.execute<{ count: string }[]>(`select count(*) as count from leads l where ${where}`, params)
        : Promise.resolve(undefined),
      this.em.execute<LeadRow[]>(`select ${leadColumns('l')} from leads l where ${where} order by l.id limit ? offset ?`, [
        ...params,
        query.length,
        query.start,
      ]),
    ]);
    const recordsTotal = Number(total[0].count);
    return {
      draw: query.draw,
      recordsTotal,
      recordsFiltered: filtered ? Number(filtered[0].count) : recordsTotal,
      data: await leadViews(this.em, rows),
    };
  }

  /** The next leads nobody has, in table order, among those the search matches (the +10 / +100 of the user-leads screen). */
  async unassignedIds(limit: number, search: string): Promise<number[]> {
    const { where, params } = unassignedMatching(search);
    const rows = await this.em.execute<{ id: number }[]>(`select l.id from leads l where ${where} order by l.id limit ?`, [
      ...params,
      limit,
    ]);
    return rows.map((row) => row.id);
  }

  /** An agent's leads, oldest assignment first. */
  async ofUser(userId: string): Promise<UserLeads> {
    const rows = await this.em.execute<{ lead_id: number }[]>('select lead_id from lead_assignments where user_id = ? order by seq', [
      userId,
    ]);
    return { userId, total: rows.length, leadIds: rows.map((row) => row.lead_id) };
  }

  /** Applies the screen's pending changes for one agent, all in one transaction. */
  async update(userId: string, changes: readonly LeadChange[], authorization: string | undefined): Promise<UpdateUserLeadsResult> {
    return this.em.transactional(async (em) => {
      const adds = changes.filter((change) => change.add).map((change) => change.leadId);
      const removes = changes.filter((change) => !change.add).map((change) => change.leadId);
      if (adds.length) {
        const agents = await this.agents.activeAgents(em, [userId], authorization);
        if (!agents.has(userId)) throw new NotFoundError('Sales agent', userId);
      }
      const groups = await this.assignableLeads(em, adds);
      const missing = changes.map((change, index) => ({ change, index })).filter(({ change }) => change.add && !groups.has(change.leadId));
      if (missing.length) {
        throw new InvalidInputError(
          missing.map(({ change, index }) => ({
            path: `changes.${index}.leadId`,
            message: `Lead ${change.leadId} does not exist or has no phone`,
          })),
        );
      }
      let added: number[] = [];
      if (adds.length) {
        // A lead another agent already works keeps its stage and follow-up (its sellers share them).
        const inserted = await em.execute<{ lead_id: number }[]>(
          `insert into lead_assignments (lead_id, group_id, user_id, stage, follow_up_at, stage_changed_at)
           select t.lead_id, t.group_id, ?, coalesce(p.stage, 'New'), p.follow_up_at, p.stage_changed_at
           from unnest(?::int[], ?::int[]) with ordinality as t(lead_id, group_id, position)
           left join lateral (
             select x.stage, x.follow_up_at, x.stage_changed_at from lead_assignments x where x.lead_id = t.lead_id order by x.seq desc limit 1
           ) p on true
           order by t.position
           on conflict do nothing returning lead_id`,
          [userId, sqlArray(adds), sqlArray(adds.map((id) => groups.get(id)!))],
        );
        added = inserted.map((row) => row.lead_id);
      }
      let removed: number[] = [];
      if (removes.length) {
        const deleted = await em.execute<{ lead_id: number }[]>(
          'delete from lead_assignments where user_id = ? and lead_id = any(?::int[]) returning lead_id',
          [userId, sqlArray(removes)],
        );
        removed = deleted.map((row) => row.lead_id);
      }
      this.audit.record(em, assignmentChange(userId, added, removed));
      const [{ count }] = await em.execute<{ count: string }[]>('select count(*) as count from lead_assignments where user_id = ?', [
        userId,
      ]);
      return { userId, added: added.length, removed: removed.length, total: Number(count) };
    });
  }

  /** Spreads `count` unassigned leads (table order, matching the search) over the agents, round robin, in one transaction. */
  async distribute(input: DistributeLeads, authorization: string | undefined): Promise<DistributeLeadsResult> {
    return this.em.transactional(async (em) => {
      const agents = await this.agents.activeAgents(em, input.userIds, authorization);
      const unknown = input.userIds.map((id, index) => ({ id, index })).filter(({ id }) => !agents.has(id));
      if (unknown.length) {
        throw new InvalidInputError(
          unknown.map(({ id, index }) => ({ path: `userIds.${index}`, message: `User ${id} is not an active sales agent` })),
        );
      }
      await em.execute('select pg_advisory_xact_lock(?)', [DISTRIBUTION_LOCK]);
      const { where, params } = unassignedMatching(input.search);
      const leads = await em.execute<{ id: number; group_id: number }[]>(
        `select l.id, l.group_id from leads l where ${where} order by l.id limit ?`,
        [...params, input.count],
      );
      const shares = distributeRoundRobin(leads, input.userIds);
      const perAgent: DistributeLeadsResult['perAgent'] = [];
      for (const [userId, share] of shares) {
        if (share.length) {
          await em.execute(
            `insert into lead_assignments (lead_id, group_id, user_id)
             select lead_id, group_id, ? from unnest(?::int[], ?::int[]) with ordinality as t(lead_id, group_id, position)
             order by position on conflict do nothing`,
            [userId, sqlArray(share.map((lead) => lead.id)), sqlArray(share.map((lead) => lead.group_id))],
          );
        }
        perAgent.push({ userId, name: agents.get(userId)!.name, added: share.length });
        this.audit.record(
          em,
          assignmentChange(
            userId,
            share.map((lead) => lead.id),
            [],
            'distributed',
          ),
        );
      }
      return { distributed: leads.length, perAgent };
    });
  }

  /**
   * Moves leads to one agent (the team view's reassignment): every other seller loses them, the agent gets them
   * as a new assignment that keeps their stage, follow-up and notes. Leads nobody is assigned to are refused.
   */
  async reassign(input: ReassignLeads, authorization: string | undefined): Promise<ReassignLeadsResult> {
    return this.em.transactional(async (em) => {
      const agents = await this.agents.activeAgents(em, [input.toUserId], authorization);
      const agent = agents.get(input.toUserId);
      if (!agent) throw new InvalidInputError([{ path: 'toUserId', message: `User ${input.toUserId} is not an active sales agent` }]);
      const current = await em.execute<{ lead_id: number; group_id: number; others: number }[]>(
        `select lead_id, min(group_id) as group_id, count(*) filter (where user_id <> ?)::int as others
         from lead_assignments where lead_id = any(?::int[]) group by lead_id`,
        [input.toUserId, sqlArray(input.leadIds)],
      );
      const found = new Set(current.map((row) => row.lead_id));
      const missing = input.leadIds.map((id, index) => ({ id, index })).filter(({ id }) => !found.has(id));
      if (missing.length) {
        throw new InvalidInputError(
          missing.map(({ id, index }) => ({ path: `leadIds.${index}`, message: `Lead ${id} is not assigned to anyone` })),
        );
      }
      const given = await em.execute<{ lead_id: number }[]>(
        `insert into lead_assignments (lead_id, group_id, user_id, stage, follow_up_at, stage_changed_at)
         select distinct on (x.lead_id) x.lead_id, x.group_id, ?, x.stage, x.follow_up_at, x.stage_changed_at
         from lead_assignments x where x.lead_id = any(?::int[]) order by x.lead_id, x.seq desc
         on conflict do nothing returning lead_id`,
        [input.toUserId, sqlArray(input.leadIds)],
      );
      const taken = await em.execute<{ lead_id: number }[]>(
        'delete from lead_assignments where lead_id = any(?::int[]) and user_id <> ? returning lead_id',
        [sqlArray(input.leadIds), input.toUserId],
      );
      const moved = [...new Set([...given, ...taken].map((row) => row.lead_id))];
      this.audit.record(em, assignmentChange(input.toUserId, moved, [], 'moved here from other agents'));
      return { toUserId: input.toUserId, name: agent.name, moved: current.filter((row) => row.others > 0).length };
    });
  }

  /** Lead id → group id, for the leads among `ids` that exist and have a phone. */
  private async assignableLeads(em: EntityManager, ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await em.execute<{ id: number; group_id: number }[]>(
      'select id, group_id from leads where id = any(?::int[]) and phone_key is not null',
      [sqlArray(ids)],
    );
    return new Map(rows.map((row) => [row.id, row.group_id]));
  }
}
