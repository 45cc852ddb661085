import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ClientServiceDetail } from '@backoffice/contracts';
import { CatalogueServiceRow } from '../../catalogue-read-model/catalogue-service.entity';
import { Order } from '../../orders/order.entity';
import type { Reader } from '../client-service-access.policy';
import { readableClientService } from '../client-service.store';
import { ClientServiceFileRecord } from '../client-service-file.entity';
import { ServiceTransactionRecord } from '../service-transaction.entity';
import { toClientServiceDetail } from '../client-service.view';

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
