import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ORDERS_ORDER_TOPIC, type OrderPaidData } from '@backoffice/contracts';
import { OrderRepository } from '../order.repository';

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
  constructor(private readonly orders: OrderRepository) {}

  execute({ orderId, paymentId, paidAt }: MarkOrderPaidCommand): Promise<{ changed: boolean }> {
    return this.orders.change(orderId, (order, events) => {
      if (order.status === 'Paid') return { changed: false };
      Object.assign(order, { status: 'Paid', paidAt, paymentId });
      events.add<OrderPaidData>({
        topic: ORDERS_ORDER_TOPIC,
        type: 'paid',
        subject: order.id,
        data: { orderId: order.id, paymentId, paidAt: paidAt.toISOString() },
      });
      return { changed: true };
    });
  }
}
