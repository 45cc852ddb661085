import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { DomainError, isClientAbort, problem, PROBLEM_CONTENT_TYPE, toProblem } from '@backoffice/platform';
import { endToEndHeaders } from './end-to-end-headers';
import type { RouteRule } from './route-table';
import type { Upstreams } from './upstreams';
import { BodyTape, exchange, type UpstreamAnswer, type UpstreamPools, type UpstreamRequest } from './upstream-exchange';

/** What forwarding a request needs: the replicas of each service and the connection pools to them. */
export interface ServiceConnections {
  upstreams: Upstreams;
  pools: UpstreamPools;
  logger: Logger;
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

/**
 * When every replica refused to connect, the request (seen by none) is sent round them again after these pauses,
 * while the first attempt is younger than RETRY_WINDOW_MS: a moment later one usually takes it (a replica starting,
 * the container network's DNS answering late while containers are replaced). The window outlasts a connect timeout
 * (2 s in compose: a replica's address that vanished with its container answers nothing), so a request whose first
 * replica timed out still gets its rounds. A service that is down, refusing at once, stays a fast 503 (under 1 s).
 */
const RETRY_PAUSES_MS = [100, 250, 500];
const RETRY_WINDOW_MS = 5000;

/** Whether the request never reached the service: refused, unreachable, or reset while connecting. */
function neverConnected(error: unknown, failure: { code: string }): boolean {
  if (failure.code === 'upstream_unavailable') return true;
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { syscall?: string }).syscall === 'connect') return true;
  }
  return false;
}

/**
 * Sends an authorised request on to a replica of the service its rule names, streamed both ways, and answers the
 * client with what the service answered, or with what its failure means (502, 503 or 504). A replica that never saw
 * the request (refused, unreachable, shutting down) or cut a GET before its answer began is left for the next one.
 */
export function forwardToService(
  request: FastifyRequest,
  reply: FastifyReply,
  rule: RouteRule,
  { upstreams, pools, logger }: ServiceConnections,
): void {
  // Round robin over the service's ready replicas; a replica that refuses the connection never saw the
  // request (not a byte of its body was read), so it goes to the next one, whatever its method.
  const tried = new Set<string>();
  const started = Date.now();
  let retries = 0;
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
      // A body goes again only from its tape (undici lets go of a stream it could not send).
      const resendable = !!tape || !(request.body instanceof Readable);
      if (refused && resendable && retries < RETRY_PAUSES_MS.length && Date.now() - started < RETRY_WINDOW_MS) {
        const pause = RETRY_PAUSES_MS[retries++];
        logger.info(
          { requestId: request.id, upstream: rule.service, pauseMs: pause, err: error },
          'no replica took the request: sending it again',
        );
        tried.clear();
        setTimeout(() => {
          if (!clientGone) forward(upstreams.pick(rule.service)!);
        }, pause).unref();
        return;
      }
    }
    if (failure.status >= 500)
      logger.warn(
        {
          requestId: request.id,
          upstream: rule.service,
          code: failure.code,
          replica: target,
          rounds: retries + 1,
          ms: Date.now() - started,
          err: error,
        },
        'upstream failed',
      );
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
}
