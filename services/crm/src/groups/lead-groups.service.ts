import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { LeadGroup as LeadGroupView, LeadTablePage, LeadTableQuery, Page, PageQuery } from '@backoffice/contracts';
import { NotFoundError } from '@backoffice/platform';
import { leadColumns, leadViews, type LeadRow } from '../leads/lead.view';
import { escapeLike, leadSearchCondition } from './lead-search.policy';
import { LeadGroup } from './lead-group.entity';
import { toGroupView } from './lead-group.view';

@Injectable()
export class LeadGroupsService {
  constructor(private readonly em: EntityManager) {}

  /** Ready groups, newest first; `search` matches the name. */
  async list(query: PageQuery): Promise<Page<LeadGroupView>> {
    const where = query.search
      ? { status: 'ready' as const, name: { $ilike: `%${escapeLike(query.search)}%` } }
      : { status: 'ready' as const };
    const [groups, total] = await this.em.findAndCount(LeadGroup, where, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return { items: groups.map(toGroupView), total, page: query.page, pageSize: query.pageSize };
  }

  async get(groupId: number): Promise<LeadGroup> {
    const group = await this.em.findOne(LeadGroup, { id: groupId, status: 'ready' });
    if (!group) throw new NotFoundError('Lead group', groupId);
    return group;
  }

  /**
   * One page of a group's leads in sheet order (draw/start/length/search). Without a search the page
   * is a range of the group's dense `seq` (an index range, however deep); with one, the search indexes
   * of the group's partition answer.
   */
  async page(groupId: number, query: LeadTableQuery): Promise<LeadTablePage> {
    const group = await this.get(groupId);
    const condition = leadSearchCondition(query.search, 'l');
    let rows: LeadRow[];
    let filtered = group.leadCount;
    if (!condition) {
      rows = await this.em.execute<LeadRow[]>(
        `select ${leadColumns('l')} from leads l where l.group_id = ? and l.seq > ? order by l.seq limit ?`,
        [groupId, query.start, query.length],
      );
    } else {
      const [counted, found] = await Promise.all([
        this.em.execute<{ count: string }[]>(`select count(*) as count from leads l where l.group_id = ? and ${condition.sql}`, [
          groupId,
          ...condition.params,
        ]),
        this.em.execute<LeadRow[]>(
          `select ${leadColumns('l')} from leads l where l.group_id = ? and ${condition.sql} order by l.seq limit ? offset ?`,
          [groupId, ...condition.params, query.length, query.start],
        ),
      ]);
      filtered = Number(counted[0].count);
      rows = found;
    }
    return { draw: query.draw, recordsTotal: group.leadCount, recordsFiltered: filtered, data: await leadViews(this.em, rows) };
  }
}
