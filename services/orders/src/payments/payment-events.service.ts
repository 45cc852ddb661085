import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { EntityManager } from '@mikro-orm/postgresql';
import { InboxService } from '@backoffice/platform';
import { OrderEntity } from '../orders/order.entity';
import { MarkOrderPaidCommand } from '../orders/commands/mark-order-paid.handler';
import { paymentCoversOrder, type PaymentMessageDecision } from './payment-event.policy';

/** The inbox name of this consumer: an event id it has handled is never handled again. */
export const PAYMENTS_CONSUMER = 'orders.payments';

/**
 * Applies payments.payment.v1 to orders: when the order's payments cover its amount, the order
 * becomes Paid through MarkOrderPaidCommand (which publishes orders.order.v1 `paid` once).
 * A repeated event (same id) is ignored by the inbox; a later event about an order already Paid
 * changes nothing (the command is idempotent).
 */
@Injectable()
export class PaymentEvents {
  private readonly logger = new Logger('PaymentEvents');

  constructor(
    private readonly em: EntityManager,
    private readonly inbox: InboxService,
    private readonly commands: CommandBus,
  ) {}

  /** Throws only when the database fails (Kafka then redelivers). Answers whether the order became Paid. */
  async apply(decision: PaymentMessageDecision): Promise<boolean> {
    if (decision.kind === 'skip') {
      this.logger.warn(`skipped a payments.payment.v1 message: ${decision.reason}`);
      return false;
    }
    const { facts } = decision;
    let changed = false;
    // The command runs in its own transaction, before the inbox row commits: a crash in between
    // redelivers the event, and the command then finds the order Paid already.
    await this.inbox.handleOnce(PAYMENTS_CONSUMER, facts.eventId, async (em) => {
      const order = await em.findOne(OrderEntity, { id: facts.orderId });
      if (!order) {
        this.logger.warn(`payment ${facts.paymentId} is for order ${facts.orderId}, which orders does not have; skipped`);
        return;
      }
      if (order.status === 'Paid' || !paymentCoversOrder(order.amount, facts.orderPaidCents)) return;
      ({ changed } = await this.commands.execute(new MarkOrderPaidCommand(order.id, facts.paymentId, facts.paidAt)));
      if (changed) this.logger.log(`order ${order.id} is Paid (payment ${facts.paymentId})`);
    });
    return changed;
  }
}
