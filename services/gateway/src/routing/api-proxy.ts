import { Readable, Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessTokenClaims } from '@backoffice/contracts';
import type { Logger } from 'pino';
import {
  AccessTokenVerifier,
  bearerToken,
  bodyTooLargeDetail,
  DomainError,
  ForbiddenError,
  hasRequiredRole,
  scopesOf,
  problem,
  PROBLEM_CONTENT_TYPE,
  sendProblem,
  SessionRevocations,
  UnauthorizedError,
  type TokenSettings,
} from '@backoffice/platform';
import { bodyLimitOf, findRoute, JSON_BODY_LIMIT, methodsAt, type ConfiguredLimits, type RouteRule } from './route-table';
import { upstreamUrls, type GatewayConfig } from '../config/gateway.config';
import { Upstreams } from './upstreams';
import { UpstreamPools } from './upstream-exchange';
import { forwardToService, type ServiceConnections } from './forward-request';
import type { ClientRateLimit } from './client-rate-limit';

declare module 'fastify' {
  interface FastifyRequest {
    routeRule?: RouteRule;
    /** The route's body limit, when the declared body is over it: answered 413 by the handler. */
    bodyOverLimit?: number;
  }
}

/**
 * A refused body up to this size is read and dropped so the client's connection serves its next request;
 * a larger one is not worth reading, and the connection is closed after the 413.
 */
const DRAIN_REFUSED_BODY_MAX = 16 * 1024 * 1024;

/**
 * Checks the token and the role for a rule; throws the platform's 401/403 errors. Answers the API client's id when
 * the caller is one (for its rate limit). Synchronous while revocations are answered from memory (a promise, an
 * async hook and the microtasks they cost were a tenth of a proxied request); a promise when Redis must be asked.
 */
export function authorize(
  rule: RouteRule,
  authorization: string | undefined,
  tokens: AccessTokenVerifier,
  revocations: SessionRevocations,
): string | undefined | Promise<string | undefined> {
  if (rule.access === 'public') return undefined;
  const token = bearerToken(authorization);
  if (!token) throw new UnauthorizedError('A valid access token is required.');
  const claims = tokens.verify(token);
  const revoked = revocations.revokedNow(claims.sid);
  if (revoked === undefined) return revocations.isRevoked(claims.sid).then((ended) => admit(rule, claims, ended));
  return admit(rule, claims, revoked);
}

/** The rest of authorize, once it is known whether the token's session was ended. */
function admit(rule: RouteRule, claims: AccessTokenClaims, ended: boolean): string | undefined {
  if (ended) throw new UnauthorizedError('This session has been ended; sign in again.');
  if (claims.client === true) {
    // An API client: only rules that name one of its scopes, never a staff route.
    const scopes = scopesOf(claims.scope);
    if (!rule.scopes?.some((scope) => scopes.includes(scope))) throw new ForbiddenError('This API client’s scopes do not allow this.');
    return claims.sub;
  }
  if (rule.access !== 'authenticated' && rule.access !== 'public' && !hasRequiredRole(claims.roles, rule.access)) {
    throw new ForbiddenError('Your role may not do this.');
  }
  return undefined;
}

const tooLarge = (limit: number) => new DomainError('payload_too_large', bodyTooLargeDetail(limit), 413);

/** A body stream that fails with a 413 once more than `limit` bytes have passed (bodies without a Content-Length). */
class BodyLimit extends Transform {
  private seen = 0;
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) return callback(tooLarge(this.limit));
    callback(null, chunk);
  }
}

/**
 * Whether a request's path, once its escapes are decoded, has a ".." segment (after "/" or "\\"): a server
 * resolving it would leave the prefix the route table authorised. Its query is not a path and is not looked at.
 */
export function climbsOut(url: string): boolean {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  if (!path.includes('.') && !path.includes('%')) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true; // not a path a service could read either
  }
  return /(^|[/\\])\.\.([/\\]|$)/.test(decoded);
}

/**
 * The content-type parser of every proxied request: bodies stay streams (the owning service parses and validates
 * them), and the route's limit is enforced here, from the Content-Length before a byte is forwarded, or while
 * streaming a body sent without one.
 */
function limitedBodyStream(limits: ConfiguredLimits, ceiling: number) {
  return (request: FastifyRequest, payload: Readable, done: (error: Error | null, body?: unknown) => void): void => {
    // JSON is limited alike on every route (the services parse it with that limit); an upload route's own
    // limit is for its files.
    const json = /^application\/([\w.-]+\+)?json\b/i.test(request.headers['content-type'] ?? '');
    const own = request.routeRule ? bodyLimitOf(request.routeRule, limits) : JSON_BODY_LIMIT;
    const limit = Math.min(json ? JSON_BODY_LIMIT : own, ceiling);
    const declared = Number(request.headers['content-length']);
    // Refused by the handler, not here: a parser error would close the client's connection.
    if (Number.isFinite(declared) && declared > limit) {
      request.bodyOverLimit = limit;
      return done(null, payload);
    }
    if (request.headers['content-length'] !== undefined) return done(null, payload);
    const limited = new BodyLimit(limit);
    payload.pipe(limited);
    // A failure of the limit leaves the rest of the client's body to be drained, not the socket destroyed.
    limited.on('error', () => payload.unpipe(limited));
    done(null, limited);
  };
}

/**
 * The onRequest hook of every proxied request: the path, the route's rule, the token and roles or scopes, and an API
 * client's rate limit. A callback hook, not an async one: for a staff token (revocation answered from memory) nothing
 * waits.
 */
function accessCheck(tokens: AccessTokenVerifier, revocations: SessionRevocations, rateLimit: ClientRateLimit | undefined) {
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
    // Refused before anything else: a service resolving it would answer a path the route table never saw.
    if (climbsOut(request.url)) return done(new DomainError('malformed_request', 'The request path may not contain a ".." segment.', 400));
    const rule = findRoute(request.method, request.url);
    if (!rule) return done();
    request.routeRule = rule;
    // An API client's requests are counted against its rate limit (Redis).
    const limit = (clientId: string | undefined) => {
      if (!clientId || !rateLimit) return done();
      rateLimit.take(clientId).then(({ headers, refusal }) => {
        void reply.headers(headers);
        done(refusal);
      }, done);
    };
    let clientId: ReturnType<typeof authorize>;
    try {
      clientId = authorize(rule, request.headers.authorization, tokens, revocations);
    } catch (error) {
      return done(error as Error);
    }
    if (clientId instanceof Promise) clientId.then(limit, done);
    else limit(clientId);
  };
}

/**
 * The onResponse hook: after any answer sent before the body was read to its end, the rest is read and dropped, so
 * the connection stays in step for the client's next request (Node only does this for unread bodies).
 */
function drainUnreadBody(request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
  const raw = request.raw as Readable & { complete?: boolean };
  if (!raw.complete && !raw.destroyed) {
    raw.unpipe();
    raw.resume();
  }
  done();
}

/**
 * The answer for a request no rule covers: a path some service answers under other methods is 405 with `Allow` (an
 * OPTIONS request 204 with it), as the services answer it (RFC 9110 §15.5.6); any other path 404.
 */
function noRoute(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  const methods = methodsAt(request.url);
  if (!methods.length)
    return reply
      .status(404)
      .type(PROBLEM_CONTENT_TYPE)
      .send(problem(404, `No route for ${request.method} ${path}.`));
  const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  if (request.method === 'OPTIONS') return reply.status(204).header('allow', allow).send();
  const detail = `${request.method} is not allowed here; this path answers ${methods.join(', ')}.`;
  return reply
    .status(405)
    .header('allow', allow)
    .type(PROBLEM_CONTENT_TYPE)
    .send(problem(405, detail, { code: 'method_not_allowed' }));
}

/** The handler of every proxied request: 404 or 405 without a rule, 413 over the route's limit, else on to the service. */
function proxyHandler(services: ServiceConnections) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const rule = request.routeRule;
    if (!rule) return noRoute(request, reply);
    if (request.bodyOverLimit !== undefined) {
      // The rest of the body is drained after the answer (onResponse), or the connection closed when it is huge.
      if (Number(request.headers['content-length']) > DRAIN_REFUSED_BODY_MAX) void reply.header('connection', 'close');
      return reply
        .status(413)
        .type(PROBLEM_CONTENT_TYPE)
        .send(problem(413, tooLarge(request.bodyOverLimit).message, { code: 'payload_too_large' }));
    }
    forwardToService(request, reply, rule, services);
    return reply;
  };
}

/**
 * Every /api path the gateway does not answer itself goes to the owning service, streamed both ways
 * (no body buffering), after the token and role checks and the route's body limit. Only end-to-end
 * headers are forwarded. An upstream failure answers what happened (502, 503 or 504, naming the
 * service), and whatever the client still sends of its body is read and dropped so that its
 * keep-alive connection answers the next request.
 */
export async function registerApiProxy(
  fastify: FastifyInstance,
  config: GatewayConfig,
  revocations: SessionRevocations,
  logger: Logger,
  rateLimit?: ClientRateLimit,
): Promise<void> {
  const settings: TokenSettings = { publicKey: config.JWT_PUBLIC_KEY, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE };
  // Verified tokens are remembered until they expire; revocation is still checked on every request.
  const tokens = new AccessTokenVerifier(settings);
  const ceiling = config.PROXY_BODY_LIMIT_BYTES;
  const upstreams = new Upstreams((service) => upstreamUrls(config, service), logger);
  upstreams.start();
  fastify.addHook('onClose', async () => upstreams.stop());

  const pools = new UpstreamPools({
    connections: 128,
    pipelining: 1,
    connectTimeout: config.UPSTREAM_CONNECT_TIMEOUT_MS,
    headersTimeout: config.UPSTREAM_TIMEOUT_MS,
    bodyTimeout: config.UPSTREAM_TIMEOUT_MS,
    keepAliveTimeout: 30_000,
  });
  fastify.addHook('onClose', async () => pools.close());

  await fastify.register(async (proxy) => {
    proxy.removeAllContentTypeParsers();
    proxy.addContentTypeParser('*', limitedBodyStream({ leadUploadBytes: config.CRM_UPLOAD_MAX_BYTES }, ceiling));
    proxy.addHook('onRequest', accessCheck(tokens, revocations, rateLimit));
    proxy.addHook('onResponse', drainUnreadBody);
    proxy.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      url: '/api/*',
      bodyLimit: ceiling,
      handler: proxyHandler({ upstreams, pools, logger }),
      errorHandler: (error, request, reply) => sendProblem(error, request, reply, logger),
    });
  });
}
