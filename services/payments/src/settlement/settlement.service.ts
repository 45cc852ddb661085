import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { BatchStatistic, SettledBatch, SettledTransaction, SettledTransactionList, SettlementRangeQuery } from '@backoffice/contracts';
import { NotFoundError, SERVICE_CONFIG } from '@backoffice/platform';
import { OrderPaymentEntity } from '../order-payments/order-payment.entity';
import type { PaymentsConfig } from '../payments.config';
import { AuthNetClient, ProviderError } from './authnet.client';
import { reconcile } from './reconciliation.policy';
import { SettledBatchCacheEntity } from './settled-batch-cache.entity';

type Json = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));
const num = (value: unknown) => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
};
const list = (value: unknown): Json[] =>
  Array.isArray(value) ? (value as Json[]) : value && typeof value === 'object' ? [value as Json] : [];

export function toBatch(raw: Json): SettledBatch {
  return {
    batchId: text(raw.batchId),
    settlementTimeUTC: text(raw.settlementTimeUTC),
    settlementTimeLocal: text(raw.settlementTimeLocal),
    settlementState: text(raw.settlementState),
    paymentMethod: text(raw.paymentMethod),
    statistics: list(raw.statistics ?? (raw.statistics as Json | undefined)?.statistic).map((s): BatchStatistic => ({
      accountType: text(s.accountType),
      chargeAmount: num(s.chargeAmount),
      chargeCount: num(s.chargeCount),
      refundAmount: num(s.refundAmount),
      refundCount: num(s.refundCount),
      voidCount: num(s.voidCount),
      declineCount: num(s.declineCount),
      errorCount: num(s.errorCount),
    })),
  };
}

/** Most ranges end in the past: their batch lists never change either. */
const RANGE_CACHE_SIZE = 200;
/** A defensive bound on paging (1000 per page: a million transactions). */
const MAX_PAGES = 1000;

@Injectable()
export class SettlementService {
  private readonly ranges = new Map<string, SettledBatch[]>();

  constructor(
    private readonly em: EntityManager,
    private readonly authNet: AuthNetClient,
    @Inject(SERVICE_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  async batches(range: SettlementRangeQuery): Promise<SettledBatch[]> {
    const key = `${range.from}|${range.to}`;
    this.authNet.configuredTarget(); // not configured: 503 before anything, cached or not
    const cached = this.ranges.get(key);
    if (cached) return cached;
    const body = await this.authNet.settledBatchList(`${range.from}T00:00:00Z`, `${range.to}T23:59:59Z`);
    const batches = list(body.batchList ?? (body.batchList as Json | undefined)?.batch).map(toBatch);
    const today = new Date().toISOString().slice(0, 10);
    // A range that ends before today is complete (its batches settled and never change).
    if (range.to < today) {
      if (this.ranges.size >= RANGE_CACHE_SIZE) this.ranges.delete(this.ranges.keys().next().value!);
      this.ranges.set(key, batches);
    }
    return batches;
  }

  async transactions(batchId: string): Promise<SettledTransactionList> {
    const raw = await this.rawTransactions(batchId);
    const invoices = [...new Set(raw.map((t) => text(t.invoiceNumber).trim().toLowerCase()).filter(Boolean))];
    const payments = invoices.length
      ? await this.em.fork().find(OrderPaymentEntity, { invoiceNumber: { $in: invoices } }, { orderBy: { createdAt: 'asc' } })
      : [];
    const transactions = raw.map((t): SettledTransaction => {
      const base = {
        transId: text(t.transId),
        firstName: text(t.firstName),
        lastName: text(t.lastName),
        accountNumber: text(t.accountNumber),
        accountType: text(t.accountType),
        settleAmount: num(t.settleAmount),
        submitTimeUTC: text(t.submitTimeUTC),
        transactionStatus: text(t.transactionStatus),
        invoiceNumber: text(t.invoiceNumber) || null,
      };
      return { ...base, reconciliation: reconcile(base, payments) };
    });
    return { batchId, total: transactions.length, transactions };
  }

  /** Every page of a settled batch's transactions, from the cache when it was read before. */
  private async rawTransactions(batchId: string): Promise<Json[]> {
    const em = this.em.fork();
    const source = this.authNet.configuredTarget().simulator ? 'simulated' : 'live';
    const cached = await em.findOne(SettledBatchCacheEntity, { source, batchId });
    if (cached) return cached.transactions;
    const limit = this.config.AUTHNET_PAGE_SIZE;
    const all: Json[] = [];
    let total = 0;
    for (let page = 1; page <= MAX_PAGES; page++) {
      const body = await this.authNet.transactionList(batchId, page, limit);
      const rows = list(body.transactions ?? (body.transactions as Json | undefined)?.transaction);
      total = num(body.totalNumInResultSet) || total;
      all.push(...rows);
      if (rows.length < limit || all.length >= total) break;
    }
    if (all.length === 0) throw new NotFoundError('Settled batch', batchId);
    if (all.length < total)
      throw new ProviderError('INCOMPLETE', `Authorize.Net returned ${all.length} of ${total} transactions of batch ${batchId}.`);
    await em.upsert(SettledBatchCacheEntity, { source, batchId, total: all.length, transactions: all, fetchedAt: new Date() });
    return all;
  }
}
