import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Problem } from '@backoffice/contracts';
import { PROBLEM_CONTENT_TYPE, toProblem } from './problem';

/**
 * A route's own shape for the problems it answers, named in its Fastify route config
 * (`@RouteConfig({ problemShape })`): the OAuth token endpoint answers RFC 6749's errors even when its body cannot
 * be parsed. `body` answers undefined for a problem the route leaves as problem+json.
 */
export interface ProblemShape {
  contentType: string;
  body(problem: Problem): unknown;
}

/** Every error leaves a service as application/problem+json (or in the ProblemShape its route names). */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(error: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw error;
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    sendProblem(error, request, reply, this.logger);
  }
}

export function sendProblem(error: unknown, request: FastifyRequest, reply: FastifyReply, logger: Logger): void {
  const { problem, serverFault, headers } = toProblem(error, request.routeOptions?.bodyLimit);
  if (serverFault) {
    logger.error({ err: error, requestId: request.id, url: request.url }, 'request failed');
  } else if (problem.code === 'request_aborted') {
    logger.info({ requestId: request.id, url: request.url }, 'the client hung up before its request body ended');
  }
  if (reply.sent) return;
  const shape = (request.routeOptions?.config as { problemShape?: ProblemShape } | undefined)?.problemShape;
  const shaped = shape?.body(problem);
  void reply
    .status(problem.status)
    .headers(headers ?? {})
    .type(shaped === undefined ? PROBLEM_CONTENT_TYPE : shape!.contentType)
    .send(shaped ?? problem);
}
