import { AUDIT_EVENT_TYPE, AUDIT_TOPIC, type AuditActor, type AuditChange, type AuditEventData } from '@backoffice/contracts';
import { OutboxEvent } from '../outbox/outbox-event.entity';
import { envelope, topicName } from '../outbox/event-envelope';
import { currentLogContext } from '../logging/log-context';

/** Field names whose values never enter the audit log: only that they changed. */
const SECRET_FIELD = /pass(word|code)?|secret|token|hash|ssn|otp|recovery|cipher|salt|private|key$/i;
export const HIDDEN = '[hidden]';
const MAX_TEXT = 500;

/** A field's value as the audit log shows it: secrets hidden, dates as ISO text, long text cut, bytes named. */
export function auditValue(field: string, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (SECRET_FIELD.test(field)) return HIDDEN;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return '[binary]';
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'object') {
    const text = JSON.stringify(value);
    return text.length > MAX_TEXT * 4 ? `${text.slice(0, MAX_TEXT)}…` : value;
  }
  return value;
}

/** The fields that differ between `before` and `after` (either may be absent: a record created or deleted). */
export function changedFields(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): AuditChange['fields'] {
  const fields: AuditChange['fields'] = {};
  for (const name of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    const was = auditValue(name, before?.[name]);
    const now = auditValue(name, after?.[name]);
    if (was === HIDDEN || now === HIDDEN) {
      // A secret: only whether it changed (a create or delete always names it).
      if (!before || !after || !sameValue(before[name], after[name]))
        fields[name] = { before: before ? HIDDEN : null, after: after ? HIDDEN : null };
      continue;
    }
    if (!before || !after || !sameValue(was, now)) fields[name] = { before: was, after: now };
  }
  return fields;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The outbox row of one audit event: to persist in the unit of work (or transaction) of the change, so
 * both commit or neither does. The request id goes with the row (Kafka header x-request-id), as for every event.
 */
export function auditOutboxRow(service: string, actor: AuditActor, changes: AuditChange[]): OutboxEvent {
  const first = changes[0];
  const data: AuditEventData = { actor, area: service, at: new Date().toISOString(), changes };
  const subject = `${service}:${first.entityType}:${first.recordId}`;
  const message = envelope(service, AUDIT_EVENT_TYPE, subject, data);
  const row = new OutboxEvent();
  Object.assign(row, {
    id: message.id,
    topic: topicName(AUDIT_TOPIC),
    key: subject,
    type: AUDIT_EVENT_TYPE,
    payload: message as unknown as Record<string, unknown>,
    requestId: currentLogContext()?.requestId ?? null,
    createdAt: new Date(),
  });
  return row;
}
