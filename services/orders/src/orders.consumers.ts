import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CATALOGUE_SERVICE_TOPIC, PAYMENTS_PAYMENT_TOPIC } from '@backoffice/contracts';
import { connectKafkaConsumers } from '@backoffice/platform';

/** The consumer group of orders (the stack's topic prefix goes in front). Kept from when it read only the catalogue. */
const CONSUMER_GROUP = 'orders.catalogue-read-model';

/**
 * bootstrapService's `configure`: the Kafka consumers of orders (Nest microservice handlers with
 * @EventPattern, docs/architecture.md): catalogue.service.v1 into the catalogue read model
 * (CatalogueServiceConsumer) and payments.payment.v1, which marks orders Paid (PaymentEventsConsumer).
 * They start in the background once the app is initialised; Kafka being down delays them, never the start.
 */
export async function connectOrdersConsumers(app: NestFastifyApplication): Promise<void> {
  await connectKafkaConsumers(app, {
    groupId: CONSUMER_GROUP,
    topics: [
      // The catalogue creates its topic compacted; whoever comes first, it must be compacted.
      { name: CATALOGUE_SERVICE_TOPIC, compacted: true },
      { name: PAYMENTS_PAYMENT_TOPIC },
    ],
  });
}
