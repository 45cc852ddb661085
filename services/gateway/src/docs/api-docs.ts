import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { SERVICE_NAMES, type ServiceName } from '@backoffice/contracts';
import { mergeOpenApi, type OpenApiDoc } from './merge-openapi';
import { documentRouteAccess } from './route-access';

/** Where the reference and the merged document are served (the gateway answers these itself; never proxied). */
export const API_DOCS_PATH = '/api/docs';
export const OPENAPI_JSON_PATH = `${API_DOCS_PATH}/openapi.json`;

export interface ApiDocsSource {
  service: string;
  /** The service's own completed document (its GET /openapi.json). */
  load: () => Promise<OpenApiDoc>;
}

export interface ApiDocumentsOptions {
  /** How long a merged document with every service in it is served before the services are asked again. */
  ttlMs?: number;
  /** The same when a service could not be read: short, so the document is whole again soon after it is back. */
  incompleteTtlMs?: number;
}

/**
 * The merged OpenAPI document, read from each service at run time so it always describes the services
 * actually deployed. A service that cannot be read keeps the last document it gave; one that has never
 * answered is named in `x-unavailable-services` and the rest of the document is served all the same.
 * Concurrent requests share one refresh.
 */
export class ApiDocuments {
  private readonly lastGood = new Map<string, OpenApiDoc>();
  private cached?: { until: number; doc: ReturnType<typeof mergeOpenApi> };
  private refreshing?: Promise<ReturnType<typeof mergeOpenApi>>;
  private readonly ttlMs: number;
  private readonly incompleteTtlMs: number;

  constructor(
    private readonly sources: readonly ApiDocsSource[],
    private readonly logger?: Logger,
    options: ApiDocumentsOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.incompleteTtlMs = options.incompleteTtlMs ?? 5_000;
  }

  async merged(): Promise<ReturnType<typeof mergeOpenApi>> {
    if (this.cached && Date.now() < this.cached.until) return this.cached.doc;
    this.refreshing ??= this.refresh().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async refresh(): Promise<ReturnType<typeof mergeOpenApi>> {
    const unavailable: string[] = [];
    const parts: { service: string; doc: OpenApiDoc }[] = [];
    const read = await Promise.all(
      this.sources.map(async ({ service, load }) => {
        try {
          return { service, doc: await load() };
        } catch (error) {
          this.logger?.warn({ service, err: error }, 'API docs: the service document could not be read');
          return { service, doc: undefined };
        }
      }),
    );
    for (const { service, doc } of read) {
      if (doc) this.lastGood.set(service, doc);
      const known = this.lastGood.get(service);
      if (known) parts.push({ service, doc: known });
      if (!doc) unavailable.push(service);
    }
    const merged = documentRouteAccess(mergeOpenApi(parts, unavailable));
    this.cached = { until: Date.now() + (unavailable.length ? this.incompleteTtlMs : this.ttlMs), doc: merged };
    return merged;
  }
}

/**
 * Reads a service's GET /openapi.json, failing on anything but a 200 JSON document. A service builds its document on
 * the first request for it (a few seconds for the largest on a busy host), so the wait is generous: the reference is
 * not on anybody's hot path, and an incomplete one is served for a while (incompleteTtlMs).
 */
export function fetchServiceDocument(baseUrl: string, timeoutMs = 15_000): () => Promise<OpenApiDoc> {
  return async () => {
    const response = await fetch(`${baseUrl}/openapi.json`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`GET ${baseUrl}/openapi.json answered ${response.status}`);
    const doc = (await response.json()) as OpenApiDoc;
    if (!doc || typeof doc !== 'object' || typeof doc.paths !== 'object')
      throw new Error(`${baseUrl}/openapi.json is not an OpenAPI document`);
    return doc;
  };
}

/** The Swagger UI files the page uses, read once from the swagger-ui-dist package (served from here: no CDN). */
const SWAGGER_UI_FILES = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
} as const;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Back-office API reference</title>
    <link rel="icon" type="image/png" href="${API_DOCS_PATH}/favicon-32x32.png" />
    <link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css" />
  </head>
  <body>
    <noscript>The reference needs JavaScript; the document itself is at <a href="${OPENAPI_JSON_PATH}">${OPENAPI_JSON_PATH}</a>.</noscript>
    <div id="swagger-ui"></div>
    <script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PATH}/init.js"></script>
  </body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_JSON_PATH)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  persistAuthorization: true,
  displayRequestDuration: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

/**
 * The reference page's own policy: Swagger UI's files and the document from this gateway, inline styles
 * (Swagger UI sets style attributes) and data: images (its icons). Nothing from another origin, no
 * inline script, no eval; the console's routes keep the gateway's stricter policy.
 */
export const API_DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * GET /api/docs (the browsable reference, Swagger UI), GET /api/docs/openapi.json (the merged document)
 * and the page's files. Public: the document says what each route requires, not what the data is.
 */
export function registerApiDocs(fastify: FastifyInstance, documents: ApiDocuments): void {
  const dist = dirname(require.resolve('swagger-ui-dist/package.json'));
  const files = Object.entries(SWAGGER_UI_FILES).map(([name, type]) => ({ name, type, body: readFileSync(join(dist, name)) }));
  const page = (reply: FastifyReply, type: string, body: string | Buffer, cache = 'no-cache') =>
    reply.header('content-security-policy', API_DOCS_CSP).header('cache-control', cache).type(type).send(body);

  fastify.get(API_DOCS_PATH, (_request, reply) => page(reply, 'text/html; charset=utf-8', PAGE));
  fastify.get(`${API_DOCS_PATH}/init.js`, (_request, reply) => page(reply, 'text/javascript; charset=utf-8', INIT));
  for (const file of files) {
    fastify.get(`${API_DOCS_PATH}/${file.name}`, (_request, reply) => page(reply, file.type, file.body, 'public, max-age=3600'));
  }
  fastify.get(OPENAPI_JSON_PATH, async (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('application/json; charset=utf-8')
      .send(await documents.merged()),
  );
}

/** The sources of the merged document: the gateway's own routes and each service's /openapi.json. */
export function apiDocsSources(own: () => OpenApiDoc, upstream: (service: ServiceName) => string): ApiDocsSource[] {
  return [
    { service: 'gateway', load: async () => own() },
    ...SERVICE_NAMES.map((service) => ({ service, load: fetchServiceDocument(upstream(service)) })),
  ];
}
