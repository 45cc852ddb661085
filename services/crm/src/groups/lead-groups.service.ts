import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { LeadGroup as LeadGroupView, LeadTablePage, LeadTableQuery, Page, PageQuery } from '@backoffice/contracts';
import { containsPattern, NotFoundError, pageWindow, toPage } from '@backoffice/platform';
import { leadViews } from '../leads/lead.view';
import { groupExportRows } from './lead-group-export';
import { leadPage, MatchEstimates, type SqlRunner } from './lead-page.queries';
import { LeadGroupEntity } from './lead-group.entity';
import { toGroupView } from './lead-group.view';

@Injectable()
export class LeadGroupsService {
  /** Kept across requests: the next page of a search skips asking the planner again. */
  private readonly estimates = new MatchEstimates();

  constructor(private readonly em: EntityManager) {}

  /** Ready groups, newest first; `search` matches the name. */
  async list(query: PageQuery): Promise<Page<LeadGroupView>> {
    const where = query.search
      ? { status: 'ready' as const, name: { $ilike: containsPattern(query.search) } }
      : { status: 'ready' as const };
    const [groups, total] = await this.em.findAndCount(LeadGroupEntity, where, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      ...pageWindow(query),
    });
    return toPage(groups.map(toGroupView), total, query);
  }

  async get(groupId: number): Promise<LeadGroupEntity> {
    const group = await this.em.findOne(LeadGroupEntity, { id: groupId, status: 'ready' });
    if (!group) throw new NotFoundError('Lead group', groupId);
    return group;
  }

  /** One page of a group's leads in sheet order (draw/start/length/search); see leadPage. */
  async page(groupId: number, query: LeadTableQuery): Promise<LeadTablePage> {
    const group = await this.get(groupId);
    const { rows, filtered, capped } = await leadPage(sqlRunner(this.em), group, query, this.estimates);
    return {
      draw: query.draw,
      recordsTotal: group.leadCount,
      recordsFiltered: filtered,
      recordsCapped: capped,
      data: await leadViews(this.em, rows),
    };
  }

  /** A group's leads as export rows, a batch at a time, read on a fork of their own (see groupExportRows). */
  exportRows(groupId: number): AsyncGenerator<unknown[][]> {
    return groupExportRows(this.em.fork(), groupId);
  }
}

/** leadPage's statements through MikroORM. */
function sqlRunner(em: EntityManager): SqlRunner {
  return {
    query: <T>(sql: string, params: readonly unknown[]) => em.execute<T[]>(sql, [...params]),
    transaction: (work) => em.fork().transactional((tx) => work(sqlRunner(tx as EntityManager))),
  };
}
