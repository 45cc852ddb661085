import type { FieldError, Problem } from '@backoffice/contracts';

/** An error answer of the API (application/problem+json), or a request that never got one (status 0). */
export class ApiError extends Error {
  readonly type: string;
  readonly status: number;
  readonly title: string;
  readonly detail: string | undefined;
  readonly code: string | undefined;
  readonly errors: readonly FieldError[];

  constructor(problem: Problem) {
    super(problem.detail ?? problem.title);
    this.name = 'ApiError';
    this.type = problem.type;
    this.status = problem.status;
    this.title = problem.title;
    this.detail = problem.detail;
    this.code = problem.code;
    this.errors = problem.errors ?? [];
  }

  /** True when the server could not be reached at all. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function networkError(): ApiError {
  return new ApiError({
    type: 'about:blank',
    title: 'Cannot reach the server',
    status: 0,
    detail: 'The server could not be reached. Check your connection and try again.',
  });
}

function isProblem(value: unknown): value is Problem {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Problem>;
  return typeof candidate.title === 'string' && typeof candidate.status === 'number';
}

/** Turns an error response into an ApiError, whatever its body (problem+json, other JSON, text or nothing). */
export async function toApiError(response: Response): Promise<ApiError> {
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('json')) {
    const body: unknown = await response.json().catch(() => null);
    if (isProblem(body)) {
      return new ApiError({ ...body, type: body.type ?? 'about:blank', status: body.status || response.status });
    }
  }
  if (response.status >= 500) {
    // The API answers every error as problem+json, so this is a proxy answering for a gateway that is down.
    return new ApiError({
      type: 'about:blank',
      title: 'Cannot reach the server',
      status: response.status,
      detail: 'The server is not answering right now. Try again in a moment.',
    });
  }
  return new ApiError({
    type: 'about:blank',
    title: response.statusText || 'Request failed',
    status: response.status,
    detail: `The request failed (HTTP ${response.status}).`,
  });
}

/**
 * The server's 400 field errors by field path ("name", "items.0.price"), first message per path,
 * so a form can show each one on its own field. Empty for any other error.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (!(error instanceof ApiError)) return result;
  for (const { path, message } of error.errors) {
    if (!(path in result)) result[path] = message;
  }
  return result;
}

/** One sentence to show the user for any error (toast body, message bar). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.detail ?? error.title;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}
