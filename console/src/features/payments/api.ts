import { PAYMENTS_PATHS, type SettledBatch, type SettledTransactionList } from '@backoffice/contracts';
import { useApi } from '../../components/api';

/** Settled batches of a range (null waits until a range is asked for). Settled data never changes: no refocus reloads. */
export function useSettledBatches(range: { from: string; to: string } | null) {
  return useApi<SettledBatch[]>(range ? `${PAYMENTS_PATHS.batches}?${new URLSearchParams(range)}` : null, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
}

export function useSettledTransactions(batchId: string | null) {
  return useApi<SettledTransactionList>(batchId ? PAYMENTS_PATHS.batchTransactions(batchId) : null, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
}
