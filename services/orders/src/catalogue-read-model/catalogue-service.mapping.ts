import { z } from 'zod';
import { toCents } from '@backoffice/contracts';
import type { ReadModelRequiredFile } from './catalogue-service.entity';

/**
 * How a catalogue.service.v1 message becomes a row of the orders read model. The orders service
 * owns this mapping: it reads only the fields it needs and forgives the rest, so the catalogue may
 * add fields without breaking it. Key = service id; the value is the CloudEvents envelope with the
 * full service state, or null (a tombstone) when the service was deleted.
 */

const RequiredFileSchema = z.union([
  z.object({ id: z.coerce.number().int().positive(), name: z.string().default(''), accept: z.string().default('') }),
  // A bare id, should the catalogue ever send only references.
  z.coerce
    .number()
    .int()
    .positive()
    .transform((id) => ({ id, name: `File ${id}`, accept: '' })),
]);

const ServiceStateSchema = z.object({
  id: z.coerce.number().int().positive(),
  name: z.string().trim().min(1),
  active: z.boolean().default(true),
  price: z.coerce.number().min(0),
  deliveryType: z.string().default('None'),
  physical: z.boolean().default(false),
  serviceFiles: z.array(RequiredFileSchema).default([]),
  updatedAt: z.string().optional(),
});

export interface ReadModelState {
  id: number;
  name: string;
  deliveryType: string;
  priceCents: number;
  active: boolean;
  physical: boolean;
  requiredFiles: ReadModelRequiredFile[];
  sourceUpdatedAt: Date;
}

export type CatalogueMessageDecision =
  | { kind: 'upsert'; id: number; eventId: string | null; state: ReadModelState }
  | { kind: 'delete'; id: number }
  | { kind: 'skip'; reason: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function keyId(key: string | null | undefined): number | null {
  const id = Number(key);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** `value` is the decoded message value: the envelope object, null for a tombstone, or whatever else arrived. */
export function mapCatalogueMessage(key: string | null | undefined, value: unknown): CatalogueMessageDecision {
  if (value === null || value === undefined || value === '') {
    const id = keyId(key);
    return id ? { kind: 'delete', id } : { kind: 'skip', reason: `tombstone without a service id key (${String(key)})` };
  }
  if (typeof value !== 'object') return { kind: 'skip', reason: 'the value is not a JSON object' };
  const envelope = value as { id?: unknown; type?: unknown; time?: unknown; data?: unknown };
  if (envelope.type === 'deleted' || envelope.data === null) {
    const id = keyId(key);
    return id ? { kind: 'delete', id } : { kind: 'skip', reason: 'a deletion without a service id key' };
  }
  const parsed = ServiceStateSchema.safeParse(envelope.data);
  if (!parsed.success) {
    return {
      kind: 'skip',
      reason: `not a service state: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    };
  }
  const state = parsed.data;
  const stamp = new Date(state.updatedAt ?? (typeof envelope.time === 'string' ? envelope.time : ''));
  return {
    kind: 'upsert',
    id: state.id,
    eventId: typeof envelope.id === 'string' && UUID.test(envelope.id) ? envelope.id : null,
    state: {
      id: state.id,
      name: state.name,
      deliveryType: state.deliveryType,
      priceCents: toCents(state.price),
      active: state.active,
      physical: state.physical || state.deliveryType === 'Physical',
      requiredFiles: state.serviceFiles,
      sourceUpdatedAt: Number.isNaN(stamp.getTime()) ? new Date(0) : stamp,
    },
  };
}

/** A raw Kafka value (bytes) as JSON, or null for a tombstone / undecodable bytes. */
export function decodeKafkaValue(value: Buffer | string | null | undefined): unknown {
  if (value === null || value === undefined) return null;
  const text = value.toString();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
