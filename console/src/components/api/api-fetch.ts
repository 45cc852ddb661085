import { AUTH_PATHS } from '@backoffice/contracts';
import type { LoginResponse } from '@backoffice/contracts';
import { networkError, toApiError } from './api-error';
import { sessionStore } from './session-store';

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A value sent as the JSON body. */
  json?: unknown;
  /** Any other body (FormData for uploads); its content type is left to the browser. */
  body?: BodyInit;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Calls that must never trigger a refresh-and-retry on 401 (a wrong password is not an expired session). */
const NO_RETRY_PATHS: string[] = [AUTH_PATHS.login, AUTH_PATHS.refresh, AUTH_PATHS.logout];

export type RefreshOutcome = 'refreshed' | 'rejected' | 'unreachable';

let refreshInFlight: Promise<RefreshOutcome> | null = null;

/**
 * Exchanges the refresh cookie for a new access token. Concurrent callers share one request:
 * refresh tokens rotate, so two parallel refreshes would invalidate each other.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  refreshInFlight ??= requestRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function requestRefresh(): Promise<RefreshOutcome> {
  let response: Response;
  try {
    response = await fetch(AUTH_PATHS.refresh, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    return 'unreachable';
  }
  if (!response.ok) return response.status >= 500 ? 'unreachable' : 'rejected';
  const body = (await response.json().catch(() => null)) as LoginResponse | null;
  if (!body?.accessToken) return 'rejected';
  sessionStore.start(body);
  return 'refreshed';
}

function send(path: string, options: ApiFetchOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json, application/problem+json', ...options.headers };
  let body = options.body;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(path, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: options.signal,
    credentials: 'same-origin',
  });
}

async function sendOrThrow(path: string, options: ApiFetchOptions, token: string | null): Promise<Response> {
  try {
    return await send(path, options, token);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
}

async function readBody<T>(response: Response): Promise<T> {
  if (response.status === 204 || response.status === 205) return undefined as T;
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('json')) {
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  return (await response.text()) as T;
}

/**
 * The one way the console calls the API: adds the bearer token, and on a 401 refreshes the session
 * once and retries once. When the session cannot be refreshed it ends ("expired"), which sends the
 * user to the login screen with a way back. Errors are thrown as ApiError.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const token = sessionStore.getAccessToken();
  let response = await sendOrThrow(path, options, token);

  if (response.status === 401 && !NO_RETRY_PATHS.includes(path)) {
    const current = sessionStore.getAccessToken();
    // Another call may already have refreshed the token while this one was in flight.
    const outcome: RefreshOutcome = current && current !== token ? 'refreshed' : await refreshSession();
    if (outcome === 'unreachable') throw networkError();
    if (outcome === 'rejected') {
      if (sessionStore.getSnapshot().status === 'authenticated') sessionStore.end('expired');
      throw await toApiError(response);
    }
    response = await sendOrThrow(path, options, sessionStore.getAccessToken());
  }

  if (!response.ok) throw await toApiError(response);
  return readBody<T>(response);
}
