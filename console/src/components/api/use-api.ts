import useSWR, { mutate, type SWRConfiguration, type SWRResponse } from 'swr';
import type { ApiError } from './api-error';

/**
 * Reads an API path through SWR (cached, de-duplicated, revalidated by `mutate(path)`).
 * Pass null to wait, e.g. until an id is known: `useApi<Branch>(id ? `${BRANCH_PATHS.branches}/${id}` : null)`.
 */
export function useApi<T>(path: string | null, options?: SWRConfiguration<T, ApiError>): SWRResponse<T, ApiError> {
  return useSWR<T, ApiError>(path, options ?? {});
}

/** Revalidates every cached answer under a path (all pages and searches of a list, its records). */
export function revalidateUnder(path: string) {
  return mutate((key) => typeof key === 'string' && key.startsWith(path));
}
