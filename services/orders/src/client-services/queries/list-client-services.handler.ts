import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { isPagedClientServiceQuery, type ClientServiceListQuery, type ClientServiceSummary, type Page } from '@backoffice/contracts';
import { toPage } from '@backoffice/platform';
import { seesAllClientServices, type Reader } from '../client-service-access.policy';
import { ClientServiceRepository } from '../client-service.repository';
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
  constructor(private readonly clientServices: ClientServiceRepository) {}

  async execute({ reader, filter }: ListClientServicesQuery): Promise<ClientServiceSummary[] | Page<ClientServiceSummary>> {
    const criteria = {
      providerId: seesAllClientServices(reader) ? undefined : reader.id,
      status: filter.status,
      search: filter.search,
    };
    if (!isPagedClientServiceQuery(filter)) return (await this.clientServices.all(criteria)).map(toClientServiceSummary);
    const page = filter.page ?? 1;
    const pageSize = filter.pageSize ?? 20;
    const [rows, total] = await this.clientServices.page(criteria, page, pageSize);
    return toPage(rows.map(toClientServiceSummary), total, { page, pageSize });
  }
}
