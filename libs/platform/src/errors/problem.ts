import { HttpException } from '@nestjs/common';
import type { FieldError, Problem } from '@backoffice/contracts';
import {
  ConnectionException,
  ForeignKeyConstraintViolationException,
  NotFoundError as OrmNotFoundError,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';
import { ZodValidationException } from 'nestjs-zod';
import { ZodError } from 'zod';
import { DomainError, RetryLaterError, TooManyRequestsError } from './domain-error';
import { PROBLEM_CONTENT_TYPE, problem } from './problem-body';

export { PROBLEM_CONTENT_TYPE, problem };

export function zodFieldErrors(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }));
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  '53300',
]);

function isConnectionFailure(error: unknown): boolean {
  if (error instanceof ConnectionException) return true;
  const e = error as { code?: string; message?: string; cause?: unknown } | undefined;
  if (!e) return false;
  if (e.code && CONNECTION_CODES.has(e.code)) return true;
  // "Transaction query already complete": knex's answer when the transaction's connection was cut under it.
  if (
    typeof e.message === 'string' &&
    /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Client has encountered a connection error|not currently accepting connections|Transaction query already complete/i.test(
      e.message,
    )
  )
    return true;
  return e.cause ? isConnectionFailure(e.cause) : false;
}

/**
 * The client hung up before its request's body ended: Node destroys the request with an ECONNRESET "aborted" error
 * (which Fastify's body reader marks 400; a proxy's error may carry it as its cause). No answer can reach anyone,
 * and nothing on our side failed.
 */
export function isClientAbort(error: unknown): boolean {
  for (let cause = error as { code?: string; message?: string; cause?: unknown } | undefined; cause; cause = cause.cause as typeof cause) {
    if (cause.code === 'ECONNRESET' && cause.message === 'aborted') return true;
  }
  return false;
}

/** What a 413 says, at the gateway and at a service alike. */
export const bodyTooLargeDetail = (limit?: number) =>
  `The request body is larger than this route accepts${limit ? ` (${limit.toLocaleString('en')} bytes)` : ''}.`;

/**
 * Maps any thrown value to a problem and whether it is a server fault worth logging as an error. `bodyLimit` is the
 * route's, named in a 413.
 */
export function toProblem(
  error: unknown,
  bodyLimit?: number,
): { problem: Problem; serverFault: boolean; headers?: Record<string, string> } {
  if (error instanceof TooManyRequestsError) {
    return {
      problem: problem(429, error.message, { code: error.code }),
      serverFault: false,
      headers: { 'retry-after': String(error.retryAfterSeconds) },
    };
  }
  if (error instanceof DomainError) {
    return {
      problem: problem(error.status, error.message, { code: error.code, ...(error.errors ? { errors: error.errors } : {}) }),
      serverFault: error.status >= 500,
      ...(error instanceof RetryLaterError ? { headers: { 'retry-after': String(error.retryAfterSeconds) } } : {}),
    };
  }
  if (error instanceof ZodValidationException) {
    const zodError = error.getZodError() as ZodError;
    return {
      problem: problem(400, 'The request has invalid fields.', { code: 'invalid_input', errors: zodFieldErrors(zodError) }),
      serverFault: false,
    };
  }
  if (error instanceof ZodError) {
    return {
      problem: problem(400, 'The request has invalid fields.', { code: 'invalid_input', errors: zodFieldErrors(error) }),
      serverFault: false,
    };
  }
  if (error instanceof OrmNotFoundError) {
    return { problem: problem(404, 'The record was not found.', { code: 'not_found' }), serverFault: false };
  }
  if (error instanceof UniqueConstraintViolationException) {
    return { problem: problem(409, 'A record with the same unique value already exists.', { code: 'duplicate' }), serverFault: false };
  }
  if (error instanceof ForeignKeyConstraintViolationException) {
    return {
      problem: problem(409, 'The record is referenced by, or refers to, another record.', { code: 'reference' }),
      serverFault: false,
    };
  }
  if (isClientAbort(error)) {
    return { problem: problem(400, 'The request was cut off before its body ended.', { code: 'request_aborted' }), serverFault: false };
  }
  if (isConnectionFailure(error)) {
    return { problem: problem(503, 'A backing service is unavailable; try again shortly.', { code: 'unavailable' }), serverFault: true };
  }
  const fastifyError = error as { statusCode?: number; code?: string; message?: string } | undefined;
  // Fastify's (reaching Nest's filter as an HttpException, or its own handler as is).
  const tooLarge = error instanceof HttpException ? error.getStatus() === 413 : fastifyError?.statusCode === 413;
  if (tooLarge) {
    // The same problem the gateway answers, for a client that calls a service directly.
    return { problem: problem(413, bodyTooLargeDetail(bodyLimit), { code: 'payload_too_large' }), serverFault: false };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    const detail =
      typeof response === 'string'
        ? response
        : Array.isArray((response as { message?: unknown }).message)
          ? (response as { message: string[] }).message.join('; ')
          : String((response as { message?: unknown }).message ?? error.message);
    return { problem: problem(status, detail), serverFault: status >= 500 };
  }
  if (fastifyError && typeof fastifyError.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    const detail =
      fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || /JSON/.test(fastifyError.message ?? '')
        ? 'The body is not valid JSON.'
        : (fastifyError.message ?? 'Bad request');
    return { problem: problem(fastifyError.statusCode, detail, { code: fastifyError.code?.toLowerCase() }), serverFault: false };
  }
  return { problem: problem(500, 'Something went wrong on our side.'), serverFault: true };
}
