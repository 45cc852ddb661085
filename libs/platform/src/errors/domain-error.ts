import type { FieldError } from '@backoffice/contracts';

/**
 * A rule of the domain was broken. Services throw these (never HTTP exceptions);
 * the platform's filter maps them to problem+json once.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number = 422,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends DomainError {
  constructor(what: string, id: unknown) {
    super('not_found', `${what} ${String(id)} was not found.`, 404);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, code = 'conflict') {
    super(code, message, 409);
  }
}

export class InvalidInputError extends DomainError {
  constructor(errors: FieldError[], message = 'The request has invalid fields.') {
    super('invalid_input', message, 400, errors);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'You may not do this.') {
    super('forbidden', message, 403);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Authentication is required.') {
    super('unauthorized', message, 401);
  }
}

export class UnavailableError extends DomainError {
  constructor(message: string) {
    super('unavailable', message, 503);
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('too_many_requests', message, 429);
  }
}

/** A request that cannot run now but may shortly (the same Idempotency-Key still running): 409 with Retry-After. */
export class RetryLaterError extends DomainError {
  constructor(
    message: string,
    code: string,
    readonly retryAfterSeconds: number,
  ) {
    super(code, message, 409);
  }
}
