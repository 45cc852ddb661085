import multipart from '@fastify/multipart';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SERVICE_CONFIG } from '@backoffice/platform';
import type { CatalogueConfig } from './catalogue.config';

/** The service's `configure` hook (main.ts and tests): multipart uploads, limited to one file. */
export async function configureCatalogueHttp(app: NestFastifyApplication): Promise<void> {
  const config = app.get<CatalogueConfig>(SERVICE_CONFIG);
  await app.register(multipart as never, {
    limits: { fileSize: config.FILE_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024, headerPairs: 100 },
  });
}
