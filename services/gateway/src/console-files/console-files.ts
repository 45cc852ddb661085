import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Logger } from 'pino';

/** Hashed build assets never change under their name; index.html is asked again every time. */
const ASSET_CACHE = 'public, max-age=31536000, immutable';
const PAGE_CACHE = 'no-cache';
/**
 * The build writes each asset also as .br and .gz (vite.config.ts); a browser that accepts one gets it, and every
 * answer says `Vary: Accept-Encoding` for the caches between. `cacheControl: false` keeps send from overwriting the
 * Cache-Control set here.
 */
const SEND = { preCompressed: true, cacheControl: false } as const;

/** Serves the built console with an SPA fallback: any non-API GET answers index.html. */
export async function registerConsoleFiles(fastify: FastifyInstance, directory: string, logger: Logger): Promise<void> {
  const root = resolve(directory);
  if (!existsSync(resolve(root, 'index.html'))) {
    logger.warn({ root }, 'console build not found; only the API is served');
    return;
  }
  await fastify.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    ...SEND,
    setHeaders: (res, path) => {
      res.setHeader('cache-control', path.includes('/assets/') ? ASSET_CACHE : PAGE_CACHE);
      res.setHeader('vary', 'accept-encoding');
    },
  });
  const send = (reply: FastifyReply, file: string, cache: string) =>
    reply.header('cache-control', cache).header('vary', 'accept-encoding').sendFile(file, SEND);
  const spa = (reply: FastifyReply) => send(reply, 'index.html', PAGE_CACHE);
  fastify.get('/', (_request, reply) => spa(reply));
  fastify.get('/*', (request, reply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/health') || request.url === '/metrics') {
      return reply.callNotFound();
    }
    const path = request.url.split('?')[0];
    // Assets built after the gateway started (a rebuilt console) are served too.
    if (path.startsWith('/assets/') && !path.includes('..') && existsSync(resolve(root, `.${path}`))) {
      return send(reply, path.slice(1), ASSET_CACHE);
    }
    return spa(reply);
  });
}
