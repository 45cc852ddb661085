import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { EntityManager } from '@mikro-orm/postgresql';
import type { OrderDetail } from '@backoffice/contracts';
import { NotFoundError } from '@backoffice/platform';
import { ClientServiceEntity } from '../../client-services/client-service.entity';
import { OrderEntity } from '../order.entity';
import { OrderItemEntity } from '../order-item.entity';
import { toOrderDetail } from '../order.view';

/** The receipt of one order, with the client service of each submitted item. */
export class GetOrderQuery extends Query<OrderDetail> {
  constructor(readonly id: string) {
    super();
  }
}

@QueryHandler(GetOrderQuery)
export class GetOrderHandler implements IQueryHandler<GetOrderQuery, OrderDetail> {
  constructor(private readonly em: EntityManager) {}

  async execute({ id }: GetOrderQuery): Promise<OrderDetail> {
    const em = this.em.fork();
    const order = await em.findOne(OrderEntity, { id });
    if (!order) throw new NotFoundError('Order', id);
    const [items, clientServices] = await Promise.all([
      em.find(OrderItemEntity, { orderId: id }, { orderBy: { position: 'asc' } }),
      em.find(ClientServiceEntity, { orderId: id }, { fields: ['id', 'serviceId'] }),
    ]);
    return toOrderDetail(order, items, new Map(clientServices.map((cs) => [cs.serviceId, cs.id])));
  }
}
