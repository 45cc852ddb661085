import { CONFIG_PATHS } from '@backoffice/contracts';
import { useCallback } from 'react';
import type { RuntimeConfig } from '@backoffice/contracts';
import { useApi } from '../api';
import { formatMoney } from '../format/format-money';

export const RUNTIME_CONFIG_PATH = CONFIG_PATHS.runtime;

/** Falls back to US dollars until the configuration has loaded. */
const DEFAULT_CURRENCY = 'USD';

/** The server's runtime configuration (currency, map tiles); loaded once per session. */
export function useRuntimeConfig() {
  const { data, error, isLoading, mutate } = useApi<RuntimeConfig>(RUNTIME_CONFIG_PATH, {
    revalidateIfStale: false,
    revalidateOnReconnect: false,
  });
  return { config: data, error, isLoading, reload: mutate };
}

/** `money(12.5)` in the configured currency. */
export function useFormatMoney(): (amount: number) => string {
  const { config } = useRuntimeConfig();
  const currency = config?.currency ?? DEFAULT_CURRENCY;
  return useCallback((amount: number) => formatMoney(amount, currency), [currency]);
}
