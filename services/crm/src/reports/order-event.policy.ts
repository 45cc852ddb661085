import { z } from 'zod';
import { phoneKey } from '../import/lead-row.policy';

/**
 * How an orders.order.v1 message becomes a row of crm's order read model (for the sales agent report).
 * crm reads only what it needs and forgives the rest. Key = order id; the value is the CloudEvents
 * envelope: `created` carries the client (name, phone, email) and the amount, `paid` when it was paid.
 * The phone and email get the same keys leads have (digits of the phone, the lower-cased email),
 * so an order matches a lead exactly as duplicate leads are found.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const EnvelopeSchema = z.object({
  id: z.string().regex(UUID, 'the event id is not a UUID'),
  type: z.string(),
  time: z.string().optional(),
});

const CreatedSchema = z.object({
  orderId: z.string().regex(UUID, 'the order id is not a UUID'),
  userId: z.string().regex(UUID).nullable().optional(),
  name: z.string().optional(),
  phone: z.string().optional(),
  email: z.string().nullable().optional(),
  amount: z.number().min(0),
  createdDate: z.string(),
});

const PaidSchema = z.object({
  orderId: z.string().regex(UUID, 'the order id is not a UUID'),
  paidAt: z.string(),
});

export interface OrderFacts {
  orderId: string;
  userId: string | null;
  name: string;
  phone: string;
  phoneKey: string | null;
  email: string | null;
  emailKey: string | null;
  amountCents: number;
  createdDate: Date;
}

export type OrderMessageDecision =
  | { kind: 'created'; eventId: string; facts: OrderFacts }
  | { kind: 'paid'; eventId: string; orderId: string; paidAt: Date }
  | { kind: 'skip'; reason: string };

/** The key an email is matched by (as leads store it), or null when it is not an email. */
export function emailKey(email: string | null | undefined): string | null {
  const trimmed = email?.trim() ?? '';
  return EMAIL.test(trimmed) ? trimmed.toLowerCase() : null;
}

function date(text: string): Date | null {
  const value = new Date(text);
  return Number.isNaN(value.getTime()) ? null : value;
}

const problems = (error: z.ZodError) => error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ');

/** `value` is the decoded message value: the envelope object, or whatever else arrived. */
export function mapOrderMessage(value: unknown): OrderMessageDecision {
  if (value === null || value === undefined || typeof value !== 'object') return { kind: 'skip', reason: 'the value is not a JSON object' };
  const envelope = EnvelopeSchema.safeParse(value);
  if (!envelope.success) return { kind: 'skip', reason: `not an event: ${problems(envelope.error)}` };
  const { id, type } = envelope.data;
  const data = (value as { data?: unknown }).data;
  if (type === 'created') {
    const parsed = CreatedSchema.safeParse(data);
    if (!parsed.success) return { kind: 'skip', reason: `not an order: ${problems(parsed.error)}` };
    const created = date(parsed.data.createdDate);
    if (!created) return { kind: 'skip', reason: `createdDate ${parsed.data.createdDate} is not a date` };
    const phone = parsed.data.phone?.trim() ?? '';
    const email = parsed.data.email?.trim() || null;
    return {
      kind: 'created',
      eventId: id,
      facts: {
        orderId: parsed.data.orderId.toLowerCase(),
        userId: parsed.data.userId ?? null,
        name: parsed.data.name?.trim() ?? '',
        phone,
        phoneKey: phone ? (phoneKey(phone) ?? null) : null,
        email,
        emailKey: emailKey(email),
        amountCents: Math.round(parsed.data.amount * 100),
        createdDate: created,
      },
    };
  }
  if (type === 'paid') {
    const parsed = PaidSchema.safeParse(data);
    if (!parsed.success) return { kind: 'skip', reason: `not a payment of an order: ${problems(parsed.error)}` };
    const paidAt = date(parsed.data.paidAt);
    if (!paidAt) return { kind: 'skip', reason: `paidAt ${parsed.data.paidAt} is not a date` };
    return { kind: 'paid', eventId: id, orderId: parsed.data.orderId.toLowerCase(), paidAt };
  }
  return { kind: 'skip', reason: `type ${type} is not used by the report` };
}
