import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AUDIT_TOPIC } from '@backoffice/contracts';
import { connectKafkaConsumers } from '@backoffice/platform';
import { AUDIT_CONSUMER_GROUP } from './audit-log.consumer';

/** bootstrapService's `configure` for identity: the audit log's consumer (audit.action.v1), started in the background. */
export async function configureIdentity(app: NestFastifyApplication): Promise<void> {
  await connectKafkaConsumers(app, { groupId: AUDIT_CONSUMER_GROUP, topics: [{ name: AUDIT_TOPIC }] });
}
