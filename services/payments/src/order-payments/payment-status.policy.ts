import { centsToDecimal, fromCents, toCents, type PaymentStatus, type PaymentTransactionStatus } from '@backoffice/contracts';

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
      paidCents += toCents(t.amount);
      everPaidCents += toCents(t.amount);
    } else if (t.status === 'Refunded') {
      paidCents = Math.max(0, paidCents - toCents(t.amount));
    }
    if (paidCents >= toCents(amountDue)) paidAt ??= t.paidOn;
    else paidAt = null;
  }
  const paid = paidCents >= toCents(amountDue);
  const status: PaymentStatus = paid ? 'Paid' : paidCents > 0 ? 'PartiallyPaid' : everPaidCents > 0 ? 'Refunded' : 'Pending';
  return { paidAmount: fromCents(paidCents), status, paid, paidAt: paid ? paidAt : null };
}

/**
 * What a payment's transactions have paid, net of refunds, in cents (the order of transactions does not matter
 * for the total; a refund never takes it below zero in paymentStanding, but the check below refuses such a refund).
 */
function netPaidCents(transactions: readonly Pick<CountedTransaction, 'status' | 'amount'>[]): number {
  let paid = 0;
  for (const t of transactions) {
    if (t.status === 'Captured' || t.status === 'Settled') paid += toCents(t.amount);
    else if (t.status === 'Refunded') paid -= toCents(t.amount);
  }
  return paid;
}

/**
 * Why a transaction cannot go on a payment of `amountDue` that already has `others`, or null when it can: money
 * captured may not exceed what the payment is for, an authorization may not hold more than is left to pay, and a
 * refund may not give back more than was paid. The reason names the payment's balance.
 */
export function transactionRefusal(
  amountDue: number,
  others: readonly Pick<CountedTransaction, 'status' | 'amount'>[],
  candidate: Pick<CountedTransaction, 'status' | 'amount'>,
): string | null {
  const paid = netPaidCents(others);
  const balance = Math.max(0, toCents(amountDue) - paid);
  const amount = toCents(candidate.amount);
  const status = candidate.status;
  if ((status === 'Captured' || status === 'Settled' || status === 'Authorized') && amount > balance) {
    return (
      `A ${status} transaction of ${centsToDecimal(amount)} exceeds the payment's balance of ${centsToDecimal(balance)} ` +
      `(the payment is for ${centsToDecimal(toCents(amountDue))}, ${centsToDecimal(paid)} paid).`
    );
  }
  if (status === 'Refunded' && amount > paid) {
    return `A refund of ${centsToDecimal(amount)} exceeds what the payment has paid, ${centsToDecimal(paid)}.`;
  }
  return null;
}

/** What a new payment of an order may be for at most: the order's total less what its other payments are for. */
export function orderBalanceCents(orderTotal: number, payments: readonly { amount: number; status: PaymentStatus }[]): number {
  // A payment whose money was all given back holds none of the order's total any more.
  const held = payments.reduce((sum, p) => sum + (p.status === 'Refunded' ? 0 : toCents(p.amount)), 0);
  return Math.max(0, toCents(orderTotal) - held);
}

/** Why a new payment of `amount` cannot be opened on an order with `balanceCents` left, or null when it can. */
export function paymentRefusal(amount: number, orderTotal: number, balanceCents: number): string | null {
  if (toCents(amount) <= balanceCents) return null;
  return (
    `A payment of ${centsToDecimal(toCents(amount))} exceeds the order's balance of ${centsToDecimal(balanceCents)} ` +
    `(the order's total is ${centsToDecimal(toCents(orderTotal))}).`
  );
}

/**
 * The life of one provider transaction (one reference): an authorization is captured (possibly for less), settled,
 * voided or declined; a capture is settled. A refund is a transaction of its own, with its own reference.
 */
const NEXT_STATUSES: Partial<Record<PaymentTransactionStatus, readonly PaymentTransactionStatus[]>> = {
  Authorized: ['Captured', 'Settled', 'Voided', 'Declined'],
  Captured: ['Settled'],
};

/**
 * A transaction already recorded under a reference, reported again: 'repeat' (the same status and amount),
 * 'forward' (a later status of it: the recorded one is updated), or 'conflict'.
 */
export function referenceOutcome(
  recorded: Pick<CountedTransaction, 'status' | 'amount'>,
  reported: Pick<CountedTransaction, 'status' | 'amount'>,
): 'repeat' | 'forward' | 'conflict' {
  if (recorded.status === reported.status) return toCents(recorded.amount) === toCents(reported.amount) ? 'repeat' : 'conflict';
  const forward = NEXT_STATUSES[recorded.status]?.includes(reported.status) ?? false;
  // A capture may take less than was authorized, never more; a settlement settles what was captured.
  const amountFits =
    recorded.status === 'Authorized'
      ? toCents(reported.amount) <= toCents(recorded.amount)
      : toCents(reported.amount) === toCents(recorded.amount);
  return forward && amountFits ? 'forward' : 'conflict';
}
