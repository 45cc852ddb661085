import type { PaymentStatus, PaymentTransactionStatus } from '@backoffice/contracts';

export interface CountedTransaction {
  status: PaymentTransactionStatus;
  amount: number;
  paidOn: Date;
}

export interface PaymentStanding {
  /** In cents-exact money (2 decimals). */
  paidAmount: number;
  status: PaymentStatus;
  paid: boolean;
  /** When the paid amount first covered the amount due, else null. */
  paidAt: Date | null;
}

const cents = (value: number) => Math.round(value * 100);

/**
 * What a payment's transactions add up to. Captured and Settled count as paid, Refunded takes money
 * back, Authorized, Declined and Voided count for nothing. Paid when the paid amount covers the amount due.
 */
export function paymentStanding(amountDue: number, transactions: readonly CountedTransaction[]): PaymentStanding {
  const ordered = [...transactions].sort((a, b) => a.paidOn.getTime() - b.paidOn.getTime());
  let paidCents = 0;
  let everPaidCents = 0;
  let paidAt: Date | null = null;
  for (const t of ordered) {
    if (t.status === 'Captured' || t.status === 'Settled') {
      paidCents += cents(t.amount);
      everPaidCents += cents(t.amount);
    } else if (t.status === 'Refunded') {
      paidCents = Math.max(0, paidCents - cents(t.amount));
    }
    if (paidCents >= cents(amountDue)) paidAt ??= t.paidOn;
    else paidAt = null;
  }
  const paid = paidCents >= cents(amountDue);
  const status: PaymentStatus = paid ? 'Paid' : paidCents > 0 ? 'PartiallyPaid' : everPaidCents > 0 ? 'Refunded' : 'Pending';
  return { paidAmount: paidCents / 100, status, paid, paidAt: paid ? paidAt : null };
}
