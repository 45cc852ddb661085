import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ClientServiceDetail, ClientServiceListQuery, ClientServiceSummary, ServiceTransaction } from '@backoffice/contracts';
import { ForbiddenError, NotFoundError } from '@backoffice/platform';
import { CatalogueServiceRow } from '../../catalogue-read-model/catalogue-service.entity';
import { Order } from '../../orders/order.entity';
import { mayAccessClientService, seesAllClientServices, type Reader } from '../client-service-access.policy';
import { ClientService } from '../client-service.entity';
import { ClientServiceFileRecord } from '../client-service-file.entity';
import { clientServiceSearchCondition } from '../client-service-search.policy';
import { ServiceTransactionRecord } from '../service-transaction.entity';
import { toClientServiceDetail, toClientServiceSummary, toServiceTransaction } from '../client-service.view';

/** A client service the reader may see, or 404 / 403. */
export async function readableClientService(em: EntityManager, id: string, reader: Reader): Promise<ClientService> {
  const cs = await em.findOne(ClientService, { id });
  if (!cs) throw new NotFoundError('Client service', id);
  if (!mayAccessClientService(reader, cs)) throw new ForbiddenError('This client service is not assigned to you.');
  return cs;
}

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

export class GetClientServiceQuery extends Query<ClientServiceDetail> {
  constructor(
    readonly id: string,
    readonly reader: Reader,
  ) {
    super();
  }
}

@QueryHandler(GetClientServiceQuery)
export class GetClientServiceHandler implements IQueryHandler<GetClientServiceQuery, ClientServiceDetail> {
  constructor(private readonly em: EntityManager) {}

  async execute({ id, reader }: GetClientServiceQuery): Promise<ClientServiceDetail> {
    const em = this.em.fork();
    const cs = await readableClientService(em, id, reader);
    const [order, service, files, transactions] = await Promise.all([
      em.findOne(Order, { id: cs.orderId }),
      em.findOne(CatalogueServiceRow, { id: cs.serviceId }),
      em.find(ClientServiceFileRecord, { clientServiceId: id }, { orderBy: { createdAt: 'asc' } }),
      em.find(ServiceTransactionRecord, { clientServiceId: id }, { orderBy: { date: 'asc', id: 'asc' } }),
    ]);
    return toClientServiceDetail({ cs, order, service: service ?? undefined, files, transactions });
  }
}

/** GET /api/ServiceTransaction/{clientServiceId}: its transactions, oldest first, with their images. */
export class ListTransactionsQuery extends Query<ServiceTransaction[]> {
  constructor(
    readonly clientServiceId: string,
    readonly reader: Reader,
  ) {
    super();
  }
}

@QueryHandler(ListTransactionsQuery)
export class ListTransactionsHandler implements IQueryHandler<ListTransactionsQuery, ServiceTransaction[]> {
  constructor(private readonly em: EntityManager) {}

  async execute({ clientServiceId, reader }: ListTransactionsQuery): Promise<ServiceTransaction[]> {
    const em = this.em.fork();
    await readableClientService(em, clientServiceId, reader);
    const [transactions, files] = await Promise.all([
      em.find(ServiceTransactionRecord, { clientServiceId }, { orderBy: { date: 'asc', id: 'asc' } }),
      em.find(ClientServiceFileRecord, { clientServiceId, kind: 'transaction' }),
    ]);
    const byId = new Map(files.map((file) => [file.id, file]));
    return transactions.map((record) => toServiceTransaction(record, byId));
  }
}
