import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ORDERS_ORDER_TOPIC } from '@backoffice/contracts';
import { connectKafkaConsumers } from '@backoffice/platform';

/** The consumer group of the crm API (the stack's topic prefix goes in front). */
export const CRM_CONSUMER_GROUP = 'crm.order-read-model';

/**
 * The crm API's Kafka consumers: orders.order.v1 into the order read model of the sales agent report
 * (OrderEventsConsumer). They start in the background; Kafka being down delays the report's figures, never the start.
 */
export async function connectCrmConsumers(app: NestFastifyApplication): Promise<void> {
  await connectKafkaConsumers(app, { groupId: CRM_CONSUMER_GROUP, topics: [{ name: ORDERS_ORDER_TOPIC }] });
}
