import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, type KafkaContext } from '@nestjs/microservices';
import { PAYMENTS_PAYMENT_TOPIC } from '@backoffice/contracts';
import { topicName } from '@backoffice/platform';
import { mapPaymentMessage } from './payment-event.policy';
import { PaymentEvents } from './payment-events.service';

/**
 * Reads payments.payment.v1 (Nest Kafka transport, see orders.consumers.ts). The topic name carries the
 * stack's prefix, read when this file loads. A database failure rejects the handler, so Kafka redelivers;
 * an unreadable message is skipped.
 */
@Controller()
export class PaymentEventsConsumer {
  constructor(private readonly payments: PaymentEvents) {}

  @EventPattern(topicName(PAYMENTS_PAYMENT_TOPIC))
  async onPaymentEvent(@Ctx() context: KafkaContext): Promise<void> {
    const message = context.getMessage() as unknown as { value: unknown };
    await this.payments.apply(mapPaymentMessage(message.value));
  }
}
