import { PAYMENTS_PATHS, REPORT_PATHS, type SalesAgentReport, type SettledBatch, type SettledTransactionList } from '@backoffice/contracts';
import { download, useApi } from '../../components/api';

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

/** Downloads the report's CSV with the session's token. */
export function downloadSalesAgentCsv(period: SalesAgentReportPeriod): Promise<void> {
  return download(`${REPORT_PATHS.salesAgentsCsv}?${reportQuery(period)}`, `sales-agents-${period.from}-to-${period.to}.csv`);
}
