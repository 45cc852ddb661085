import replyFrom from '@fastify/reply-from';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import {
  AccessTokenVerifier,
  bearerToken,
  ForbiddenError,
  hasRequiredRole,
  problem,
  PROBLEM_CONTENT_TYPE,
  sendProblem,
  tokenRevoked,
  UnauthorizedError,
  type TokenSettings,
} from '@backoffice/platform';
import { findRoute, type RouteRule } from './route-table';
import { upstreamUrl, type GatewayConfig } from '../config/gateway.config';

declare module 'fastify' {
  interface FastifyRequest {
    routeRule?: RouteRule;
  }
}

/** Checks the token and the role for a rule; throws the platform's 401/403 errors. */
export async function authorize(
  rule: RouteRule,
  authorization: string | undefined,
  tokens: AccessTokenVerifier,
  redis: Redis,
): Promise<void> {
  if (rule.access === 'public') return;
  const token = bearerToken(authorization);
  if (!token) throw new UnauthorizedError('A valid access token is required.');
  const claims = tokens.verify(token);
  if (await tokenRevoked(redis, claims.sub, claims.iat)) throw new UnauthorizedError('This session has been ended; sign in again.');
  if (rule.access !== 'authenticated' && !hasRequiredRole(claims.roles, rule.access)) {
    throw new ForbiddenError('Your role may not do this.');
  }
}

/**
 * Every /api path the gateway does not answer itself goes to the owning service,
 * streamed both ways (no body buffering), after the token and role checks.
 * A service that is down answers a fast 503 problem.
 */
export async function registerApiProxy(fastify: FastifyInstance, config: GatewayConfig, redis: Redis, logger: Logger): Promise<void> {
  const settings: TokenSettings = { publicKey: config.JWT_PUBLIC_KEY, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE };
  // Verified tokens are remembered until they expire; revocation is still read from Redis on every request.
  const tokens = new AccessTokenVerifier(settings);

  await fastify.register(async (proxy) => {
    await proxy.register(replyFrom, {
      undici: {
        connections: 128,
        pipelining: 1,
        connectTimeout: config.UPSTREAM_CONNECT_TIMEOUT_MS,
        headersTimeout: config.UPSTREAM_TIMEOUT_MS,
        bodyTimeout: config.UPSTREAM_TIMEOUT_MS,
        keepAliveTimeout: 30_000,
      },
    } as never);
    // Bodies stay streams: the owning service parses and validates them.
    proxy.removeAllContentTypeParsers();
    proxy.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    proxy.addHook('onRequest', async (request: FastifyRequest) => {
      const rule = findRoute(request.method, request.url);
      if (!rule) return;
      request.routeRule = rule;
      await authorize(rule, request.headers.authorization, tokens, redis);
    });

    const handler = (request: FastifyRequest, reply: FastifyReply) => {
      const rule = request.routeRule;
      if (!rule) {
        return reply
          .status(404)
          .type(PROBLEM_CONTENT_TYPE)
          .send(problem(404, `No route for ${request.method} ${request.url.split('?')[0]}.`));
      }
      const target = upstreamUrl(config, rule.service);
      return reply.from(`${target}${request.url}`, {
        rewriteRequestHeaders: (_original, headers) => ({ ...headers, 'x-request-id': request.id, 'x-forwarded-for': request.ip }),
        onError: (failedReply, { error }) => {
          const code = (error as { code?: string }).code ?? '';
          const timeout = /TIMEOUT/i.test(code);
          logger.warn({ reqId: request.id, service: rule.service, code }, 'upstream unavailable');
          void failedReply
            .status(timeout ? 504 : 503)
            .type(PROBLEM_CONTENT_TYPE)
            .send(
              problem(timeout ? 504 : 503, `The ${rule.service} service is unavailable; try again shortly.`, {
                code: timeout ? 'upstream_timeout' : 'upstream_unavailable',
              }),
            );
        },
      });
    };
    proxy.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      url: '/api/*',
      bodyLimit: Number(config.PROXY_BODY_LIMIT_BYTES),
      handler,
      errorHandler: (error, request, reply) => sendProblem(error, request, reply, logger),
    });
  });
}
