import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Logger } from 'pino';

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
    setHeaders: (res, path) => {
      res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const spa = (_request: unknown, reply: { header: (k: string, v: string) => { sendFile: (f: string) => unknown } }) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html');
  fastify.get('/', spa as never);
  fastify.get('/*', (request, reply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/health') || request.url === '/metrics') {
      return reply.callNotFound();
    }
    const path = request.url.split('?')[0];
    // Assets built after the gateway started (a rebuilt console) are served too.
    if (path.startsWith('/assets/') && !path.includes('..') && existsSync(resolve(root, `.${path}`))) {
      return reply.header('cache-control', 'public, max-age=31536000, immutable').sendFile(path.slice(1));
    }
    return spa(request, reply as never);
  });
}
