import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { PROBLEM_CONTENT_TYPE, toProblem } from './problem';

/** Every error leaves a service as application/problem+json. */
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
  void reply
    .status(problem.status)
    .headers(headers ?? {})
    .type(PROBLEM_CONTENT_TYPE)
    .send(problem);
}
