import type { BatchStatistic } from './payments';
import { batchTotals, periodTotals } from './settlement-totals';

const line = (accountType: string, chargeAmount: number, chargeCount: number, refundAmount = 0, refundCount = 0): BatchStatistic => ({
  accountType,
  chargeAmount,
  chargeCount,
  refundAmount,
  refundCount,
  voidCount: 0,
  declineCount: 0,
  errorCount: 0,
});

describe('settlement totals', () => {
  it('adds a batch’s card types, in cents, charges less refunds', () => {
    const batch = { statistics: [line('Visa', 0.1, 1), line('MasterCard', 0.2, 1), line('AmericanExpress', 555.3, 3, 20.05, 1)] };
    expect(batchTotals(batch)).toEqual({ chargeAmount: 555.6, chargeCount: 5, refundAmount: 20.05, refundCount: 1, net: 535.55 });
    expect(batchTotals({ statistics: [] })).toEqual({ chargeAmount: 0, chargeCount: 0, refundAmount: 0, refundCount: 0, net: 0 });
  });

  it('adds every batch of a period', () => {
    const batches = [{ statistics: [line('Visa', 100.1, 2)] }, { statistics: [line('Visa', 0.2, 1, 50, 1), line('Discover', 9.99, 1)] }];
    expect(periodTotals(batches)).toEqual({ chargeAmount: 110.29, chargeCount: 4, refundAmount: 50, refundCount: 1, net: 60.29 });
  });
});
