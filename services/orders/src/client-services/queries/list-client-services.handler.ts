import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ClientServiceListQuery, ClientServiceSummary } from '@backoffice/contracts';
import { seesAllClientServices, type Reader } from '../client-service-access.policy';
import { ClientService } from '../client-service.entity';
import { clientServiceSearchCondition } from '../client-service-search.policy';
import { toClientServiceSummary } from '../client-service.view';

/** Every client service (no paging, docs/product.md), newest first; a provider gets only theirs. */
export class ListClientServicesQuery extends Query<ClientServiceSummary[]> {
  constructor(
    readonly reader: Reader,
    readonly filter: ClientServiceListQuery = {},
  ) {
    super();
  }
}

@QueryHandler(ListClientServicesQuery)
export class ListClientServicesHandler implements IQueryHandler<ListClientServicesQuery, ClientServiceSummary[]> {
  constructor(private readonly em: EntityManager) {}

  async execute({ reader, filter }: ListClientServicesQuery): Promise<ClientServiceSummary[]> {
    const qb = this.em.fork().createQueryBuilder(ClientService, 'cs');
    if (!seesAllClientServices(reader)) qb.andWhere({ providerId: reader.id });
    if (filter.status) qb.andWhere({ status: filter.status });
    if (filter.search) {
      const { sql, params } = clientServiceSearchCondition(filter.search);
      qb.andWhere(sql, params);
    }
    const rows = await qb.orderBy({ createdDate: 'desc', id: 'desc' }).getResultList();
    return rows.map(toClientServiceSummary);
  }
}
