import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, type KafkaContext } from '@nestjs/microservices';
import { ORDERS_ORDER_TOPIC } from '@backoffice/contracts';
import { topicName } from '@backoffice/platform';
import { mapOrderMessage } from './order-event.policy';
import { OrderReadModel } from './order-read-model.service';

/**
 * Feeds crm's order read model from orders.order.v1 (Nest Kafka transport, see crm.consumers.ts).
 * The topic name carries the stack's prefix, read when this file loads. A database failure rejects
 * the handler, so Kafka redelivers; an unreadable message is skipped.
 */
@Controller()
export class OrderEventsConsumer {
  constructor(private readonly readModel: OrderReadModel) {}

  @EventPattern(topicName(ORDERS_ORDER_TOPIC))
  async onOrderEvent(@Ctx() context: KafkaContext): Promise<void> {
    const message = context.getMessage() as unknown as { value: unknown };
    await this.readModel.apply(mapOrderMessage(message.value));
  }
}
