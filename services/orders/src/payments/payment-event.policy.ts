import { z } from 'zod';
import { toCents } from '@backoffice/contracts';

/**
 * How a payments.payment.v1 message reaches the orders service. Orders reads only what it needs
 * (the order, the payment, what the order's payments have paid, when) and forgives the rest, so
 * payments may add fields. Key = order id; the value is the CloudEvents envelope with PaymentEventData.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const PaymentEventSchema = z.object({
  id: z.string().regex(UUID, 'the event id is not a UUID'),
  time: z.string().optional(),
  data: z.object({
    paymentId: z.string().min(1),
    orderId: z.string().regex(UUID, 'the order id is not a UUID'),
    orderPaidTotal: z.number().min(0),
    paidAt: z.string().nullable().optional(),
    transaction: z.object({ paidOn: z.string().optional() }).nullable().optional(),
  }),
});

export interface PaymentFacts {
  eventId: string;
  orderId: string;
  paymentId: string;
  /** What every payment of the order has paid so far, in cents. */
  orderPaidCents: number;
  /** When the order counts as paid if this event pays it: the payment's paidAt, else the transaction's, else the event's time. */
  paidAt: Date;
}

export type PaymentMessageDecision = { kind: 'apply'; facts: PaymentFacts } | { kind: 'skip'; reason: string };

function firstDate(...candidates: (string | null | undefined)[]): Date {
  for (const candidate of candidates) {
    const date = candidate ? new Date(candidate) : undefined;
    if (date && !Number.isNaN(date.getTime())) return date;
  }
  return new Date();
}

/** `value` is the decoded message value: the envelope object, or whatever else arrived. */
export function mapPaymentMessage(value: unknown): PaymentMessageDecision {
  if (value === null || value === undefined || typeof value !== 'object') return { kind: 'skip', reason: 'the value is not a JSON object' };
  const parsed = PaymentEventSchema.safeParse(value);
  if (!parsed.success) {
    return {
      kind: 'skip',
      reason: `not a payment event: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    };
  }
  const { id, time, data } = parsed.data;
  return {
    kind: 'apply',
    facts: {
      eventId: id,
      orderId: data.orderId.toLowerCase(),
      paymentId: data.paymentId,
      orderPaidCents: toCents(data.orderPaidTotal),
      paidAt: firstDate(data.paidAt, data.transaction?.paidOn, time),
    },
  };
}

/** An order is paid when what its payments have paid covers its amount (a zero-amount order is paid by any payment event). */
export function paymentCoversOrder(orderAmount: string | number, orderPaidCents: number): boolean {
  return orderPaidCents >= toCents(orderAmount);
}
