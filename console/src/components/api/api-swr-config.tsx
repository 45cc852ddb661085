import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ApiError } from './api-error';
import { apiFetch } from './api-fetch';

/** Retrying only helps when the server or the network failed; a 4xx will answer the same again. */
function shouldRetry(error: unknown): boolean {
  return !(error instanceof ApiError) || error.isNetworkError || error.status >= 500;
}

const swrOptions: SWRConfiguration = {
  fetcher: (path: string) => apiFetch(path),
  revalidateOnFocus: false,
  shouldRetryOnError: shouldRetry,
  errorRetryCount: 3,
};

/** SWR with the API client as its fetcher: a key is an API path such as `GEOGRAPHY_PATHS.countries`. */
export function ApiSWRConfig({ children }: { children: ReactNode }) {
  return <SWRConfig value={swrOptions}>{children}</SWRConfig>;
}
