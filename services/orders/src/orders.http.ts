import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CLIENT_SERVICE_FILE_MAX_BYTES } from '@backoffice/contracts';
import { connectOrdersConsumers } from './orders.consumers';

/** Uploads of client service files arrive as raw bytes (the type is sniffed from them, not trusted). */
function acceptBinaryUploads(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  const options = { parseAs: 'buffer' as const, bodyLimit: CLIENT_SERVICE_FILE_MAX_BYTES };
  const keep = (_request: unknown, body: Buffer | string, done: (error: null, body: Buffer | string) => void) => done(null, body);
  fastify.addContentTypeParser(['application/octet-stream', 'application/pdf'], options, keep);
  fastify.addContentTypeParser(/^image\/[a-z0-9.+-]+$/, options, keep);
}

/** The service's `configure` hook (main.ts and tests): binary uploads, then the Kafka consumers. */
export async function configureOrdersHttp(app: NestFastifyApplication): Promise<void> {
  acceptBinaryUploads(app);
  await connectOrdersConsumers(app);
}
