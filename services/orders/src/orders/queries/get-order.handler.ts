import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { OrderDetail } from '@backoffice/contracts';
import { NotFoundError } from '@backoffice/platform';
import { OrderRepository } from '../order.repository';
import { toOrderDetail } from '../order.view';

/** The receipt of one order, with the client service of each submitted item. */
export class GetOrderQuery extends Query<OrderDetail> {
  constructor(readonly id: string) {
    super();
  }
}

@QueryHandler(GetOrderQuery)
export class GetOrderHandler implements IQueryHandler<GetOrderQuery, OrderDetail> {
  constructor(private readonly orders: OrderRepository) {}

  async execute({ id }: GetOrderQuery): Promise<OrderDetail> {
    const found = await this.orders.withLines(id);
    if (!found) throw new NotFoundError('Order', id);
    const { order, items, clientServices } = found;
    return toOrderDetail(order, items, new Map(clientServices.map((cs) => [cs.serviceId, cs.id])));
  }
}
