import multipart from '@fastify/multipart';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SERVICE_CONFIG } from '@backoffice/platform';
import type { CrmConfig } from './crm.config';
import { connectCrmConsumers } from './crm.consumers';

/** The API's `configure` hook (main.ts and tests): multipart spreadsheet uploads, one file at a time, then the Kafka consumers. */
export async function configureCrmHttp(app: NestFastifyApplication): Promise<void> {
  const config = app.get<CrmConfig>(SERVICE_CONFIG);
  await app.register(multipart as never, {
    limits: { fileSize: config.CRM_UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 100 },
  });
  await connectCrmConsumers(app);
}
