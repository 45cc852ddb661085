import { z } from 'zod';
import { calendarDate } from './dates';

/*
 * Payments: order payments recorded by the storefront, their payments.payment.v1 events, and card
 * settlement reports read from Authorize.Net (settled batches and their transactions).
 */

// ── Paths ───────────────────────────────────────────────────────────────────────────────────────

export const PAYMENTS_PATHS = {
  payments: '/api/payments',
  orderPayments: (orderId: string) => `/api/orders/${orderId}/payments`,
  batches: '/api/payments/settlement/batches',
  batchTransactions: (batchId: string) => `/api/payments/settlement/batches/${encodeURIComponent(batchId)}/transactions`,
} as const;

export const PAYMENTS_PAYMENT_TOPIC = 'payments.payment.v1';

// ── Order payments ──────────────────────────────────────────────────────────────────────────────

/** What a transaction did: Captured and Settled add to the paid amount, Refunded takes it back, the rest add nothing. */
export const PAYMENT_TRANSACTION_STATUSES = ['Authorized', 'Captured', 'Settled', 'Declined', 'Voided', 'Refunded'] as const;
export type PaymentTransactionStatus = (typeof PAYMENT_TRANSACTION_STATUSES)[number];

/** Derived from the transactions: nothing paid, part paid, fully paid, or everything paid refunded. */
export const PAYMENT_STATUSES = ['Pending', 'PartiallyPaid', 'Paid', 'Refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const money = (what: string) =>
  z
    .number({ error: `${what} must be a number.` })
    .positive(`${what} must be above 0.`)
    .max(9_999_999_999.99, `${what} is too large.`)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, `${what} has at most 2 decimals.`);

export const PaymentTransactionInputSchema = z.object({
  status: z.enum(PAYMENT_TRANSACTION_STATUSES, { error: `Status must be one of ${PAYMENT_TRANSACTION_STATUSES.join(', ')}.` }),
  amount: money('Amount'),
  /** When it happened; now when absent. */
  paidOn: z.iso.datetime({ offset: true, error: 'Paid on must be an ISO date-time.' }).optional(),
  /**
   * The provider's transaction id, unique per merchant: reported again it answers the transaction recorded (200),
   * or moves it forward (Authorized → Captured, Settled, Voided or Declined; Captured → Settled).
   */
  reference: z.string().trim().min(1).max(60).optional(),
});
export type PaymentTransactionInput = z.infer<typeof PaymentTransactionInputSchema>;

/**
 * POST /api/payments: without paymentId it opens a payment of an order (amount due, merchant) with an
 * optional first transaction; with paymentId it adds the transaction to that payment.
 */
export const RecordPaymentSchema = z
  .object({
    paymentId: z.uuid('Payment id must be a UUID.').optional(),
    orderId: z.uuid('Order id must be a UUID.'),
    amount: money('Amount').optional(),
    merchant: z.string().trim().min(1, 'Merchant is required.').max(100, 'Merchant is at most 100 characters.').optional(),
    transaction: PaymentTransactionInputSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.paymentId) {
      if (value.amount === undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Amount is required for a new payment.' });
      if (value.merchant === undefined)
        ctx.addIssue({ code: 'custom', path: ['merchant'], message: 'Merchant is required for a new payment.' });
    } else if (!value.transaction) {
      ctx.addIssue({ code: 'custom', path: ['transaction'], message: 'A transaction is required to add to a payment.' });
    }
  });
export type RecordPayment = z.infer<typeof RecordPaymentSchema>;

export const PaymentTransactionSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(PAYMENT_TRANSACTION_STATUSES),
    amount: z.number(),
    paidOn: z.string(),
    reference: z.string().nullable(),
  })
  .meta({ id: 'PaymentTransaction' });
export type PaymentTransaction = z.infer<typeof PaymentTransactionSchema>;

/** As the product shows it (docs/product.md), "Order payment": paid, amount, merchant, status, transactions (status, amount, paidOn). */
export const OrderPaymentSchema = z
  .object({
    id: z.uuid(),
    orderId: z.uuid(),
    invoiceNumber: z.string().meta({ description: 'The invoice number: the first dash-separated segment of the order id.' }),
    paid: z.boolean(),
    amount: z.number(),
    paidAmount: z.number(),
    merchant: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    createdAt: z.string(),
    transactions: z.array(PaymentTransactionSchema),
  })
  .meta({ id: 'OrderPayment' });
export type OrderPayment = z.infer<typeof OrderPaymentSchema>;

/**
 * The data of a payments.payment.v1 event (types `created`, `transaction-added`, `transaction-updated`: a
 * transaction reported again under its reference with a later status); the key is the order id.
 */
export const PaymentEventDataSchema = z
  .object({
    paymentId: z.string(),
    orderId: z.uuid(),
    invoiceNumber: z.string(),
    merchant: z.string(),
    amount: z.number().meta({ description: "This payment's amount due." }),
    paidAmount: z.number().meta({ description: "What this payment's transactions paid." }),
    paid: z.boolean(),
    status: z.enum(PAYMENT_STATUSES),
    orderPaidTotal: z
      .number()
      .meta({ description: 'What every payment of the order has paid so far: the order is paid when this covers its amount.' }),
    transaction: PaymentTransactionSchema.nullable().meta({ description: 'The transaction this event adds or updates, if any.' }),
    paidAt: z.string().nullable().meta({ description: 'When the payment became Paid (the latest counting transaction), else null.' }),
  })
  .meta({ id: 'PaymentEventData' });
export type PaymentEventData = z.infer<typeof PaymentEventDataSchema>;
export const PAYMENT_EVENT_TYPES = ['created', 'transaction-added', 'transaction-updated'] as const;

/** What orders tells payments about an order on the internal network (`GET /internal/orders/{id}`): its total. */
export interface InternalOrderTotal {
  id: string;
  /** The order's total (numeric(12,2) as a JSON number). */
  amount: number;
}

export const invoiceNumberOf = (orderId: string) => orderId.split('-')[0] ?? orderId;

// ── Card settlement ─────────────────────────────────────────────────────────────────────────────

export const MAX_SETTLEMENT_DAYS = 31;
export const SETTLEMENT_RANGE_WARNING = { title: 'Date', message: 'Max period is 31 days.' } as const;

const day = (what: string) =>
  calendarDate({ required: `${what} must be a date (YYYY-MM-DD).`, format: `${what} must be a date (YYYY-MM-DD).` });

/** Whole days from `from` to `to` (dates as YYYY-MM-DD); the period covers this plus one calendar days. */
export function settlementRangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const SettlementRangeQuerySchema = z.object({ from: day('From'), to: day('To') }).superRefine((value, ctx) => {
  const days = settlementRangeDays(value.from, value.to);
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To must not be before From.' });
  else if (days + 1 > MAX_SETTLEMENT_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: SETTLEMENT_RANGE_WARNING.message });
});
export type SettlementRangeQuery = z.infer<typeof SettlementRangeQuerySchema>;

export const BatchIdSchema = z.object({ batchId: z.string().regex(/^\d{1,20}$/, 'Batch id must be digits.') });

export const BatchStatisticSchema = z
  .object({
    accountType: z.string(),
    chargeAmount: z.number(),
    chargeCount: z.number().int(),
    refundAmount: z.number(),
    refundCount: z.number().int(),
    voidCount: z.number().int(),
    declineCount: z.number().int(),
    errorCount: z.number().int(),
  })
  .meta({ id: 'BatchStatistic' });
export type BatchStatistic = z.infer<typeof BatchStatisticSchema>;

/** As the product shows it (docs/product.md), "Settled batch". */
export const SettledBatchSchema = z
  .object({
    batchId: z.string(),
    settlementTimeUTC: z.string(),
    settlementTimeLocal: z.string(),
    settlementState: z.string(),
    paymentMethod: z.string(),
    statistics: z.array(BatchStatisticSchema),
  })
  .meta({ id: 'SettledBatch' });
export type SettledBatch = z.infer<typeof SettledBatchSchema>;

/** How a settled transaction matches the order payments (reconciliation). */
export const RECONCILIATION_FLAGS = ['matched', 'no-order', 'amount-mismatch', 'not-a-charge'] as const;
export type ReconciliationFlag = (typeof RECONCILIATION_FLAGS)[number];

/** As the product shows it (docs/product.md), "Settled transaction", with its reconciliation against the order payments. */
export const SettledTransactionSchema = z
  .object({
    transId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    accountNumber: z.string(),
    accountType: z.string(),
    settleAmount: z.number(),
    submitTimeUTC: z.string(),
    transactionStatus: z.string(),
    invoiceNumber: z.string().nullable(),
    reconciliation: z.object({
      flag: z.enum(RECONCILIATION_FLAGS),
      orderId: z.string().nullable(),
      paidAmount: z.number().nullable(),
    }),
  })
  .meta({ id: 'SettledTransaction' });
export type SettledTransaction = z.infer<typeof SettledTransactionSchema>;

export const SettledTransactionListSchema = z
  .object({ batchId: z.string(), total: z.number().int(), transactions: z.array(SettledTransactionSchema) })
  .meta({ id: 'SettledTransactionList' });
export type SettledTransactionList = z.infer<typeof SettledTransactionListSchema>;

/**
 * How card settlement is served: `live` from Authorize.Net, `simulated` from the simulator (made-up data),
 * `not_configured` (neither: `detail` says what to set), `unknown` when the payments service did not answer.
 */
export const SettlementModeSchema = z.enum(['live', 'simulated', 'not_configured', 'unknown']);
export type SettlementMode = z.infer<typeof SettlementModeSchema>;
export const SettlementStatusSchema = z
  .object({ mode: SettlementModeSchema, detail: z.string().optional() })
  .meta({ id: 'SettlementStatus' });
export type SettlementStatus = z.infer<typeof SettlementStatusSchema>;
/** Internal route of the payments service (never routed by the gateway) that tells the gateway the mode. */
export const SETTLEMENT_STATUS_INTERNAL_PATH = '/internal/payments/settlement';
