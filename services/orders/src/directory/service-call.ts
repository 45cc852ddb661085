import { fetchFromReplicas, UnavailableError } from '@backoffice/platform';

export interface ServiceAnswer<T> {
  status: number;
  body: T | null;
}

/**
 * One GET to another service of the product (to one of its replicas when `urls` lists several), with the caller's
 * Authorization forwarded and a timeout. A service that does not answer (refused, timed out, 5xx) becomes a clear
 * 503 naming it.
 */
export async function getFromService<T>(
  what: string,
  urls: string,
  path: string,
  options: { authorization?: string; timeoutMs: number; requestId?: string },
): Promise<ServiceAnswer<T>> {
  let response: Response;
  try {
    response = await fetchFromReplicas(urls, path, {
      headers: {
        accept: 'application/json',
        ...(options.authorization ? { authorization: options.authorization } : {}),
        ...(options.requestId ? { 'x-request-id': options.requestId } : {}),
      },
      timeoutMs: options.timeoutMs,
    });
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${options.timeoutMs} ms` : 'it cannot be reached';
    throw new UnavailableError(`The ${what} service is not answering (${reason}). Try again in a moment.`);
  }
  if (response.status >= 500) {
    throw new UnavailableError(`The ${what} service is not answering (HTTP ${response.status}). Try again in a moment.`);
  }
  const text = await response.text().catch(() => '');
  let body: T | null = null;
  try {
    body = text ? (JSON.parse(text) as T) : null;
  } catch {
    body = null;
  }
  return { status: response.status, body };
}
