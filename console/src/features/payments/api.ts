import { PAYMENTS_PATHS, REPORT_PATHS, type SalesAgentReport, type SettledBatch, type SettledTransactionList } from '@backoffice/contracts';
import { ApiError, refreshSession, sessionStore, useApi } from '../../components/api';

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

// ── Sales agent report ───────────────────────────────────────────────────────────────────────────

export interface SalesAgentReportPeriod {
  from: string;
  to: string;
  /** The browser's time zone: days are counted in it. */
  tz: string;
}

const reportQuery = (period: SalesAgentReportPeriod) => new URLSearchParams({ ...period }).toString();

/** The report's figures for a period (null waits, e.g. while the range is not valid). */
export function useSalesAgentReport(period: SalesAgentReportPeriod | null) {
  return useApi<SalesAgentReport>(period ? `${REPORT_PATHS.salesAgents}?${reportQuery(period)}` : null, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}

/** Downloads the report's CSV with the session's token (refreshed once on a 401, as apiFetch does). */
export async function downloadSalesAgentCsv(period: SalesAgentReportPeriod): Promise<void> {
  const path = `${REPORT_PATHS.salesAgentsCsv}?${reportQuery(period)}`;
  const send = () => {
    const token = sessionStore.getAccessToken();
    return fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  };
  let response = await send();
  if (response.status === 401 && (await refreshSession()) === 'refreshed') response = await send();
  if (!response.ok) {
    const problem = (await response.json().catch(() => null)) as { title?: string; detail?: string } | null;
    throw new ApiError({
      type: 'about:blank',
      title: problem?.title ?? 'Download failed',
      status: response.status,
      detail: problem?.detail ?? `The download failed (HTTP ${response.status}).`,
    });
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `sales-agents-${period.from}-to-${period.to}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
