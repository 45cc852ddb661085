import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { buildServiceOpenApi } from '@backoffice/platform';
import type { OpenApiDoc } from '../src/docs/merge-openapi';

/**
 * Each service's own OpenAPI document, built in-process from its Nest app in preview mode (its modules and controllers
 * read, nothing connected), exactly as the service builds its GET /openapi.json.
 */
export async function buildServiceDocuments<S extends string>(services: readonly S[]): Promise<{ service: S; doc: OpenApiDoc }[]> {
  const parts: { service: S; doc: OpenApiDoc }[] = [];
  for (const service of services) {
    const { AppModule } = (await import(join(__dirname, '../..', service, 'src/app.module'))) as { AppModule: unknown };
    const app = await NestFactory.create(AppModule as never, new FastifyAdapter(), { preview: true, logger: false });
    parts.push({ service, doc: buildServiceOpenApi(app, service) as OpenApiDoc });
    await app.close();
  }
  return parts;
}
