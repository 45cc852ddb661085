import { Controller, Get, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SERVICE_NAMES } from '@backoffice/contracts';
import { Public, SERVICE_CONFIG } from '@backoffice/platform';
import { upstreamUrl, type GatewayConfig } from '../config/gateway.config';

interface OpenApiDoc {
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  tags?: { name: string }[];
}

/** One OpenAPI document for the whole API, merged from each service's /openapi.json. */
@ApiExcludeController()
@Controller('api/docs')
export class ApiDocsController {
  private cache?: { at: number; doc: unknown };
  constructor(@Inject(SERVICE_CONFIG) private readonly config: GatewayConfig) {}

  @Public()
  @Get()
  async merged() {
    if (this.cache && Date.now() - this.cache.at < 30_000) return this.cache.doc;
    const docs = await Promise.all(
      SERVICE_NAMES.map(async (service) => {
        try {
          const response = await fetch(`${upstreamUrl(this.config, service)}/openapi.json`, { signal: AbortSignal.timeout(2000) });
          return response.ok ? ((await response.json()) as OpenApiDoc) : undefined;
        } catch {
          return undefined;
        }
      }),
    );
    const doc = {
      openapi: '3.0.0',
      info: { title: 'Back-office API', version: '1' },
      paths: {} as Record<string, unknown>,
      components: {
        schemas: {} as Record<string, unknown>,
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
      'x-unavailable-services': SERVICE_NAMES.filter((_, i) => !docs[i]),
    };
    for (const part of docs) {
      if (!part) continue;
      Object.assign(doc.paths, part.paths);
      Object.assign(doc.components.schemas, part.components?.schemas);
    }
    this.cache = { at: Date.now(), doc };
    return doc;
  }
}
