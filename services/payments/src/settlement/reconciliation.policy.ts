import { toCents, type ReconciliationFlag } from '@backoffice/contracts';

export interface PaymentOfInvoice {
  orderId: string;
  invoiceNumber: string;
  amount: number;
  paidAmount: number;
}

export interface Reconciliation {
  flag: ReconciliationFlag;
  orderId: string | null;
  paidAmount: number | null;
}

/**
 * Matches a settled transaction to its order through the invoice number (the first segment of the
 * order id). A settled charge with no order is flagged no-order; one whose amount equals no payment
 * of that order is flagged amount-mismatch. Declined, voided and refund transactions are not charges:
 * they are linked to their order when it is known but never flagged.
 */
export function reconcile(
  transaction: { invoiceNumber: string | null; settleAmount: number; transactionStatus: string },
  payments: readonly PaymentOfInvoice[],
): Reconciliation {
  const invoice = transaction.invoiceNumber?.trim().toLowerCase() || null;
  const mine = invoice ? payments.filter((p) => p.invoiceNumber.toLowerCase() === invoice) : [];
  const orderId = mine[0]?.orderId ?? null;
  if (transaction.transactionStatus !== 'settledSuccessfully') {
    return { flag: 'not-a-charge', orderId, paidAmount: mine[0]?.paidAmount ?? null };
  }
  if (mine.length === 0) return { flag: 'no-order', orderId: null, paidAmount: null };
  const same = mine.find(
    (p) => toCents(p.amount) === toCents(transaction.settleAmount) || toCents(p.paidAmount) === toCents(transaction.settleAmount),
  );
  if (same) return { flag: 'matched', orderId: same.orderId, paidAmount: same.paidAmount };
  return { flag: 'amount-mismatch', orderId, paidAmount: mine[0]!.paidAmount };
}
