import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ClientServiceDetail } from '@backoffice/contracts';
import { CatalogueServiceEntity } from '../../catalogue-read-model/catalogue-service.entity';
import { OrderEntity } from '../../orders/order.entity';
import type { Reader } from '../client-service-access.policy';
import { readableClientService } from '../client-service.store';
import { ClientServiceFileEntity } from '../client-service-file.entity';
import { ServiceTransactionEntity } from '../service-transaction.entity';
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
      em.findOne(OrderEntity, { id: cs.orderId }),
      em.findOne(CatalogueServiceEntity, { id: cs.serviceId }),
      em.find(ClientServiceFileEntity, { clientServiceId: id }, { orderBy: { createdAt: 'asc' } }),
      em.find(ServiceTransactionEntity, { clientServiceId: id }, { orderBy: { date: 'asc', id: 'asc' } }),
    ]);
    return toClientServiceDetail({ cs, order, service: service ?? undefined, files, transactions });
  }
}
