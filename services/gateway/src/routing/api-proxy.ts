import { Readable, Transform, type TransformCallback } from 'node:stream';
import type { IncomingHttpHeaders } from 'node:http';
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
  isClientAbort,
  scopesOf,
  problem,
  PROBLEM_CONTENT_TYPE,
  sendProblem,
  SessionRevocations,
  toProblem,
  UnauthorizedError,
  type TokenSettings,
} from '@backoffice/platform';
import { findRoute, JSON_BODY_LIMIT, type ConfiguredLimits, type RouteRule } from './route-table';
import { upstreamUrls, type GatewayConfig } from '../config/gateway.config';
import { Upstreams } from './upstreams';
import { BodyTape, exchange, UpstreamPools, type UpstreamAnswer, type UpstreamRequest } from './upstream-exchange';
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

/**
 * Headers that belong to one connection, never forwarded (RFC 9110 §7.6.1): `Connection` and every header it
 * names, plus `Expect`, which the gateway answers itself (Node sends the client its 100 Continue).
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
]);

/**
 * The end-to-end headers of `headers`, added to `into` (where they win over what it holds). Called twice a
 * request, so it builds nothing it can do without: the names `Connection` lists are only looked at when it lists
 * more than `keep-alive` or `close`.
 */
export function endToEndHeaders(headers: IncomingHttpHeaders, into: IncomingHttpHeaders = {}): IncomingHttpHeaders {
  const connection = headers.connection === undefined ? '' : String(headers.connection).toLowerCase();
  const named =
    connection !== '' && connection !== 'keep-alive' && connection !== 'close'
      ? new Set(
          connection
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean),
        )
      : undefined;
  for (const name in headers) {
    if (HOP_BY_HOP.has(name) || name.startsWith('proxy-') || named?.has(name)) continue;
    into[name] = headers[name];
  }
  return into;
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

/** What an upstream failure means for the client: refused → 503, timed out → 504, cut mid-request → 502. */
export function upstreamFailure(error: unknown, service: string): { status: number; code: string; detail: string } {
  // undici's error, or one carrying it (the socket's code in `cause`): read the whole chain.
  const codes: string[] = [];
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    // The body limit failing mid-stream.
    if (cause instanceof DomainError && cause.status === 413) return { status: 413, code: cause.code, detail: cause.message };
    codes.push(String((cause as { code?: string }).code ?? ''));
  }
  const code = codes.join(' ');
  // Never connected (refused, unreachable, or the connection not made in time): the service is unavailable.
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|CONNECT_TIMEOUT/.test(code)) {
    return { status: 503, code: 'upstream_unavailable', detail: `The ${service} service is unavailable; try again shortly.` };
  }
  if (/TIMEOUT|ETIMEDOUT/i.test(code)) {
    return { status: 504, code: 'upstream_timeout', detail: `The ${service} service did not answer in time; try again shortly.` };
  }
  return { status: 502, code: 'upstream_failed', detail: `The ${service} service broke off the exchange; try again.` };
}

/** Whether the request never reached the service: refused, unreachable, or reset while connecting. */
function neverConnected(error: unknown, failure: { code: string }): boolean {
  if (failure.code === 'upstream_unavailable') return true;
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { syscall?: string }).syscall === 'connect') return true;
  }
  return false;
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
  const limits: ConfiguredLimits = { leadUploadBytes: config.CRM_UPLOAD_MAX_BYTES };
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
    // Bodies stay streams: the owning service parses and validates them. The route's limit is enforced here,
    // from the Content-Length before a byte is forwarded, or while streaming a body sent without one.
    proxy.removeAllContentTypeParsers();
    proxy.addContentTypeParser('*', (request, payload, done) => {
      // JSON is limited alike on every route (the services parse it with that limit); an upload route's own
      // limit is for its files.
      const json = /^application\/([\w.-]+\+)?json\b/i.test(request.headers['content-type'] ?? '');
      const routeLimit = request.routeRule?.bodyLimit;
      const own = typeof routeLimit === 'function' ? routeLimit(limits) : (routeLimit ?? JSON_BODY_LIMIT);
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
    });

    // A callback hook, not an async one: for a staff token (revocation answered from memory) nothing waits.
    proxy.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
      // Refused before anything else: a service resolving it would answer a path the route table never saw.
      if (climbsOut(request.url))
        return done(new DomainError('malformed_request', 'The request path may not contain a ".." segment.', 400));
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
    });

    // After any answer sent before the body was read to its end, the rest is read and dropped, so the
    // connection stays in step for the client's next request (Node only does this for unread bodies).
    proxy.addHook('onResponse', (request, _reply, done) => {
      const raw = request.raw as Readable & { complete?: boolean };
      if (!raw.complete && !raw.destroyed) {
        raw.unpipe();
        raw.resume();
      }
      done();
    });

    const handler = (request: FastifyRequest, reply: FastifyReply) => {
      const rule = request.routeRule;
      if (!rule) {
        return reply
          .status(404)
          .type(PROBLEM_CONTENT_TYPE)
          .send(problem(404, `No route for ${request.method} ${request.url.split('?')[0]}.`));
      }
      if (request.bodyOverLimit !== undefined) {
        // The rest of the body is drained after the answer (onResponse), or the connection closed when it is huge.
        if (Number(request.headers['content-length']) > DRAIN_REFUSED_BODY_MAX) void reply.header('connection', 'close');
        return reply
          .status(413)
          .type(PROBLEM_CONTENT_TYPE)
          .send(problem(413, tooLarge(request.bodyOverLimit).message, { code: 'payload_too_large' }));
      }
      // Round robin over the service's ready replicas; a replica that refuses the connection never saw the
      // request (not a byte of its body was read), so it goes to the next one, whatever its method.
      const tried = new Set<string>();
      // Kept for a second attempt only where there is another replica to send it to.
      const tape = request.body instanceof Readable && upstreams.count(rule.service) > 1 ? new BodyTape(request.body) : undefined;
      // The request as the service gets it: end-to-end headers only, its Host the replica's (undici's own).
      const headers = endToEndHeaders(request.headers);
      delete headers.host;
      headers['x-request-id'] = request.id;
      headers['x-forwarded-for'] = request.ip;
      const method = request.method as UpstreamRequest['method'];
      let abandon: ((reason: Error) => void) | undefined;
      let clientGone = false;
      const clientHungUp = () => {
        if (clientGone) return;
        clientGone = true;
        // Nothing failed upstream, and no answer reaches a client that has gone.
        if (!request.raw.complete) {
          logger.info({ requestId: request.id, upstream: rule.service }, 'the client hung up before its request body ended');
        }
      };
      // A client that goes away before its answer has been sent ends the exchange with the service.
      reply.raw.once('close', () => {
        if (reply.raw.writableFinished) return;
        clientHungUp();
        abandon?.(new Error('the client closed its connection'));
      });
      const answer = (target: string, { statusCode, headers: answered, body }: UpstreamAnswer): void => {
        // The service's connection headers are about the gateway's connection to it, not the client's.
        if (String(answered.connection).toLowerCase() === 'close') upstreams.closing(rule.service, target);
        // A replica that refused the request because it is shutting down (503 with Retry-After, sent before it read
        // the request) did nothing: the request goes to the next replica, its body replayed.
        const next =
          statusCode === 503 && answered['retry-after'] !== undefined && (tape?.replayable ?? true)
            ? upstreams.pick(rule.service, tried)
            : undefined;
        if (next) {
          if (body instanceof Readable) body.destroy();
          return forward(next);
        }
        // An HTTP/1 connection serves no next request before its body has been read: one answered early is closed.
        if (!request.raw.complete) void reply.header('connection', 'close');
        // An API answer is never stored by a browser or a shared cache unless its service says otherwise (some
        // GETs the product must keep change state, and answers carry one user's data).
        void reply.code(statusCode).headers(endToEndHeaders(answered, { 'cache-control': 'no-store' }));
        void reply.send(body);
      };
      const failed = (target: string, error: Error): void => {
        if (isClientAbort(error)) {
          clientHungUp();
          if (!reply.sent) void reply.status(400).type(PROBLEM_CONTENT_TYPE).send(toProblem(error).problem);
          return;
        }
        const failure = upstreamFailure(error, rule.service);
        // The next replica gets a request this one never saw (refused, unreachable), or a GET or HEAD cut before
        // its answer began (a kept-alive connection the replica closed as it stopped), which changed nothing.
        const refused = neverConnected(error, failure);
        const cutRead = failure.status === 502 && (request.method === 'GET' || request.method === 'HEAD');
        if ((refused || cutRead) && !reply.sent && (tape?.replayable ?? true)) {
          if (refused) upstreams.refused(rule.service, target);
          const next = upstreams.pick(rule.service, tried);
          if (next) return forward(next);
        }
        if (failure.status >= 500)
          logger.warn({ requestId: request.id, upstream: rule.service, code: failure.code, err: error }, 'upstream failed');
        if (reply.sent) return;
        void reply
          .status(failure.status)
          .type(PROBLEM_CONTENT_TYPE)
          .send(problem(failure.status, failure.detail, { code: failure.code }));
      };
      const forward = (target: string): void => {
        tried.add(target);
        const body = tape ? tape.attempt() : request.body instanceof Readable ? request.body : undefined;
        abandon = exchange(
          pools.of(target),
          { path: request.url, method, headers, body },
          { onAnswer: (upstream) => answer(target, upstream), onError: (error) => failed(target, error) },
        );
      };
      forward(upstreams.pick(rule.service)!);
      return reply;
    };
    proxy.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      url: '/api/*',
      bodyLimit: ceiling,
      handler,
      errorHandler: (error, request, reply) => sendProblem(error, request, reply, logger),
    });
  });
}
