import type { Problem } from '@backoffice/contracts';

/*
 * The problem+json body itself, apart from the mapping of errors to problems (problem.ts), so that a process without
 * Nest (the leads worker's health listener) answers in the same shape.
 */

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export function problem(status: number, detail?: string, extra: Partial<Problem> = {}): Problem {
  return {
    type: extra.code ? `urn:backoffice:problem:${extra.code}` : 'about:blank',
    title: TITLES[status] ?? 'Error',
    status,
    ...(detail ? { detail } : {}),
    ...extra,
  };
}
