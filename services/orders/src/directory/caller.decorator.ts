import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** What a call to another service carries from the caller: its Authorization and the request id. */
export interface Caller {
  authorization?: string;
  requestId?: string;
}

export const CallerContext = createParamDecorator((_: unknown, context: ExecutionContext): Caller => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  const authorization = request.headers.authorization;
  return { authorization: typeof authorization === 'string' ? authorization : undefined, requestId: String(request.id) };
});
