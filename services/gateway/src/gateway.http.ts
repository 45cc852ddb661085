import helmet from '@fastify/helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { REDIS, SERVICE_CONFIG } from '@backoffice/platform';
import type { GatewayConfig } from './config/gateway.config';
import { registerApiProxy } from './routing/api-proxy';
import { registerConsoleFiles } from './console-files/console-files';

function tileOrigin(template: string): string | undefined {
  try {
    const url = new URL(template.replace(/\{[a-z]\}/g, 'a'));
    return `${url.protocol}//${url.host.replace(/^a\./, '*.')}`;
  } catch {
    return undefined;
  }
}

/** The gateway's Fastify pieces: security headers with a CSP, the API proxy, the console files. */
export async function configureGateway(app: NestFastifyApplication, logger: Logger): Promise<void> {
  const config = app.get<GatewayConfig>(SERVICE_CONFIG);
  const redis = app.get<Redis>(REDIS);
  const fastify = app.getHttpAdapter().getInstance();
  const tiles = tileOrigin(config.MAP_TILE_URL);
  await fastify.register(helmet, {
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
  await registerApiProxy(fastify, config, redis, logger);
  await registerConsoleFiles(fastify, config.CONSOLE_DIR, logger);
}
