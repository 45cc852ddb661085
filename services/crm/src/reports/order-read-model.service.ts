import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { InboxService } from '@backoffice/platform';
import type { OrderMessageDecision } from './order-event.policy';

/** The inbox name of this consumer: an event id it has handled is never handled again. */
export const ORDER_READ_MODEL_CONSUMER = 'crm.order-read-model';

const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Writes orders.order.v1 into reported_orders, each event once. */
@Injectable()
export class OrderReadModel {
  private readonly logger = new Logger('OrderReadModel');

  constructor(
    private readonly em: EntityManager,
    private readonly inbox: InboxService,
  ) {}

  /** Applies one decoded message; throws only when the database fails (Kafka then redelivers). Answers whether it changed anything. */
  async apply(decision: OrderMessageDecision): Promise<boolean> {
    switch (decision.kind) {
      case 'skip':
        this.logger.warn(`skipped an orders.order.v1 message: ${decision.reason}`);
        return false;
      case 'created': {
        const { facts } = decision;
        return this.inbox.handleOnce(ORDER_READ_MODEL_CONSUMER, decision.eventId, async (em) => {
          // The order's own fields; a paidAt that arrived first is kept.
          await em.execute(
            `insert into reported_orders (order_id, user_id, name, phone, phone_key, email, email_key, amount, created_date)
             values (?, ?, ?, ?, ?, ?, ?, ?, ?)
             on conflict (order_id) do update set
               user_id = excluded.user_id, name = excluded.name, phone = excluded.phone, phone_key = excluded.phone_key,
               email = excluded.email, email_key = excluded.email_key, amount = excluded.amount,
               created_date = excluded.created_date, received_at = now()`,
            [
              facts.orderId,
              facts.userId,
              facts.name,
              facts.phone,
              facts.phoneKey,
              facts.email,
              facts.emailKey,
              decimal(facts.amountCents),
              facts.createdDate,
            ],
          );
        });
      }
      case 'paid':
        return this.inbox.handleOnce(ORDER_READ_MODEL_CONSUMER, decision.eventId, async (em) => {
          await em.execute(
            `insert into reported_orders (order_id, paid_at) values (?, ?)
             on conflict (order_id) do update set paid_at = least(coalesce(reported_orders.paid_at, excluded.paid_at), excluded.paid_at)`,
            [decision.orderId, decision.paidAt],
          );
        });
    }
  }
}
