import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AUDIT_TOPIC } from '@backoffice/contracts';
import { connectKafkaConsumers } from '@backoffice/platform';
import { AUDIT_CONSUMER_GROUP } from './audit/audit-log.consumer';

/** identity's Kafka consumers: the audit log's (audit.action.v1), started in the background. */
export async function connectIdentityConsumers(app: NestFastifyApplication): Promise<void> {
  await connectKafkaConsumers(app, { groupId: AUDIT_CONSUMER_GROUP, topics: [{ name: AUDIT_TOPIC }] });
}
