import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ORDERS_ORDER_TOPIC, type OrderPaidData } from '@backoffice/contracts';
import { NotFoundError, OutboxService } from '@backoffice/platform';
import { OrderEntity } from '../order.entity';

/**
 * The seam for payments: the payments.payment.v1 consumer (another issue) dispatches this when a
 * payment of an order settles. Idempotent: an order already Paid stays as it is.
 */
export class MarkOrderPaidCommand extends Command<{ changed: boolean }> {
  constructor(
    readonly orderId: string,
    readonly paymentId: string,
    readonly paidAt: Date = new Date(),
  ) {
    super();
  }
}

@CommandHandler(MarkOrderPaidCommand)
export class MarkOrderPaidHandler implements ICommandHandler<MarkOrderPaidCommand, { changed: boolean }> {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
  ) {}

  execute({ orderId, paymentId, paidAt }: MarkOrderPaidCommand): Promise<{ changed: boolean }> {
    return this.em.fork().transactional(async (em) => {
      const order = await em.findOne(OrderEntity, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!order) throw new NotFoundError('Order', orderId);
      if (order.status === 'Paid') return { changed: false };
      Object.assign(order, { status: 'Paid', paidAt, paymentId });
      this.outbox.add<OrderPaidData>(em, {
        topic: ORDERS_ORDER_TOPIC,
        type: 'paid',
        subject: order.id,
        data: { orderId: order.id, paymentId, paidAt: paidAt.toISOString() },
      });
      return { changed: true };
    });
  }
}
