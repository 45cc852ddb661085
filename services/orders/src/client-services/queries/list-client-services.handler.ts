import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { EntityManager } from '@mikro-orm/postgresql';
import { isPagedClientServiceQuery, type ClientServiceListQuery, type ClientServiceSummary, type Page } from '@backoffice/contracts';
import { pageOffset, toPage } from '@backoffice/platform';
import { seesAllClientServices, type Reader } from '../client-service-access.policy';
import { ClientServiceEntity } from '../client-service.entity';
import { clientServiceSearchCondition } from '../client-service-search.policy';
import { toClientServiceSummary } from '../client-service.view';

/**
 * Client services newest first, a provider's only theirs: every one (no paging, docs/product.md), or one page of
 * them when the query names a page or a page size.
 */
export class ListClientServicesQuery extends Query<ClientServiceSummary[] | Page<ClientServiceSummary>> {
  constructor(
    readonly reader: Reader,
    readonly filter: ClientServiceListQuery = {},
  ) {
    super();
  }
}

@QueryHandler(ListClientServicesQuery)
export class ListClientServicesHandler implements IQueryHandler<
  ListClientServicesQuery,
  ClientServiceSummary[] | Page<ClientServiceSummary>
> {
  constructor(private readonly em: EntityManager) {}

  async execute({ reader, filter }: ListClientServicesQuery): Promise<ClientServiceSummary[] | Page<ClientServiceSummary>> {
    const qb = this.em.fork().createQueryBuilder(ClientServiceEntity, 'cs');
    if (!seesAllClientServices(reader)) qb.andWhere({ providerId: reader.id });
    if (filter.status) qb.andWhere({ status: filter.status });
    if (filter.search) {
      const { sql, params } = clientServiceSearchCondition(filter.search);
      qb.andWhere(sql, params);
    }
    qb.orderBy({ createdDate: 'desc', id: 'desc' });
    if (!isPagedClientServiceQuery(filter)) return (await qb.getResultList()).map(toClientServiceSummary);
    const page = filter.page ?? 1;
    const pageSize = filter.pageSize ?? 20;
    const [rows, total] = await qb.limit(pageSize).offset(pageOffset(page, pageSize)).getResultAndCount();
    return toPage(rows.map(toClientServiceSummary), total, { page, pageSize });
  }
}
