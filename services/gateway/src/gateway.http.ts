import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { buildServiceOpenApi, REDIS, SERVICE_CONFIG, SESSION_REVOCATIONS, type SessionRevocations } from '@backoffice/platform';
import { upstreamUrl, type GatewayConfig } from './config/gateway.config';
import { API_DOCS_PATH, ApiDocuments, apiDocsSources, registerApiDocs } from './docs/api-docs';
import type { OpenApiDoc } from './docs/merge-openapi';
import { registerApiProxy } from './routing/api-proxy';
import { ClientRateLimit } from './routing/client-rate-limit';
import { registerConsoleFiles } from './console-files/console-files';

function tileOrigin(template: string): string | undefined {
  try {
    const url = new URL(template.replace(/\{[a-z]\}/g, 'a'));
    return `${url.protocol}//${url.host.replace(/^a\./, '*.')}`;
  } catch {
    return undefined;
  }
}

/**
 * The headers helmet sets for these options, computed once. (@fastify/helmet builds helmet again, and
 * parses the CSP again, on every request: a tenth of the gateway's work for a small proxied request.)
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** An answer of the API (not the console's documents, nor the API reference page, which is a document too). */
const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith(API_DOCS_PATH);

/**
 * What an API answer (JSON, a file) needs of the security headers, with the transport policy of the whole set: it
 * loads nothing and may not be framed (OWASP's REST security headers). The document policies (a CSP for the
 * console's scripts, COOP, Origin-Agent-Cluster, the legacy X- headers of old browsers) mean nothing for JSON, and
 * are a third of the bytes of a small proxied answer.
 */
export function apiSecurityHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    ...(documentHeaders['strict-transport-security'] ? { 'strict-transport-security': documentHeaders['strict-transport-security'] } : {}),
  };
}

/** The gateway's Fastify pieces: security headers with a CSP, the API reference, the API proxy, the console files. */
export async function configureGatewayHttp(app: NestFastifyApplication, logger: Logger): Promise<void> {
  const config = app.get<GatewayConfig>(SERVICE_CONFIG);
  const revocations = app.get<SessionRevocations>(SESSION_REVOCATIONS);
  const fastify = app.getHttpAdapter().getInstance();
  const tiles = tileOrigin(config.MAP_TILE_URL);
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameSrc: ["'self'", 'https://www.youtube.com', 'https://player.vimeo.com'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  const api = apiSecurityHeaders(headers);
  // On every answer, the gateway's own and the proxied ones (whose own headers of the same name win): the console's
  // documents get the whole set, the API's answers (JSON, files) the set an API answer needs.
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.headers(isApiAnswer(request.url) ? api : headers);
    done();
  });
  // The gateway's own routes (its Nest controllers) are documented once, on first use.
  let own: OpenApiDoc | undefined;
  const documents = new ApiDocuments(
    apiDocsSources(
      () => (own ??= buildServiceOpenApi(app, 'gateway') as OpenApiDoc),
      (service) => upstreamUrl(config, service),
    ),
    logger,
  );
  registerApiDocs(fastify, documents);
  const rateLimit =
    config.API_CLIENT_RATE_LIMIT > 0
      ? new ClientRateLimit(app.get<Redis>(REDIS), config.API_CLIENT_RATE_LIMIT, config.API_CLIENT_RATE_WINDOW_MS, logger)
      : undefined;
  await registerApiProxy(fastify, config, revocations, logger, rateLimit);
  await registerConsoleFiles(fastify, config.CONSOLE_DIR, logger);
}
