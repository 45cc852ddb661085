import { fromCents, toCents } from './money';
import type { BatchStatistic, SettledBatch } from './payments';

/** What a settled batch (or a period of them) moved: charges and refunds with their counts, and the net. */
export interface SettlementTotals {
  chargeAmount: number;
  chargeCount: number;
  refundAmount: number;
  refundCount: number;
  /** Charges less refunds. */
  net: number;
}

function sum(statistics: readonly BatchStatistic[]): SettlementTotals {
  let charged = 0;
  let refunded = 0;
  let chargeCount = 0;
  let refundCount = 0;
  for (const line of statistics) {
    charged += toCents(line.chargeAmount);
    refunded += toCents(line.refundAmount);
    chargeCount += line.chargeCount;
    refundCount += line.refundCount;
  }
  return {
    chargeAmount: fromCents(charged),
    chargeCount,
    refundAmount: fromCents(refunded),
    refundCount,
    net: fromCents(charged - refunded),
  };
}

/** One batch's totals over its card types (a batch reports one statistics line per type). */
export const batchTotals = (batch: Pick<SettledBatch, 'statistics'>): SettlementTotals => sum(batch.statistics);

/** The totals of every batch of a period. */
export const periodTotals = (batches: readonly Pick<SettledBatch, 'statistics'>[]): SettlementTotals =>
  sum(batches.flatMap((batch) => batch.statistics));
