import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { connectIdentityConsumers } from './identity.consumers';

/** The service's `configure` hook (main.ts and tests): the Kafka consumers. */
export async function configureIdentityHttp(app: NestFastifyApplication): Promise<void> {
  await connectIdentityConsumers(app);
}
