import { z } from 'zod';
import { fromDigits, pageSchema } from './paging';
import { SERVICE_NAMES } from './services';

/**
 * The audit log: every staff action that changes data, written by each service to its outbox in the
 * transaction of the change (so neither exists without the other), published on one topic and kept by
 * identity (docs/architecture.md, "Audit log").
 */
export const AUDIT_TOPIC = 'audit.action.v1';
export const AUDIT_EVENT_TYPE = 'recorded';

/** What happened to one record, or an action on no particular record (a sign-in). */
export const AUDIT_ACTIONS = ['created', 'updated', 'deleted', 'signed-in', 'signed-out', 'sign-in-failed'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The areas of the product (the service that owns the record). */
export const AUDIT_AREAS = SERVICE_NAMES;

export const AuditActorSchema = z
  .object({
    /** The staff user's or API client's id; null for a failed sign-in (nobody proved who they are). */
    id: z.string().nullable(),
    name: z.string(),
    kind: z.enum(['user', 'api-client', 'anonymous']),
  })
  .meta({ id: 'AuditActor' });
export type AuditActor = z.infer<typeof AuditActorSchema>;

/** A changed field: its value before and after (null when it had none; "[hidden]" for secrets). */
export const AuditFieldChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

export const AuditChangeSchema = z
  .object({
    /** The kind of record, e.g. `User`, `ClientService`. */
    entityType: z.string(),
    recordId: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    /** The changed fields (every field of a created or deleted record). */
    fields: z.record(z.string(), AuditFieldChangeSchema),
    /** Plain words for what a field list cannot say (a bulk change, a sign-in's account). */
    note: z.string().optional(),
  })
  .meta({ id: 'AuditChange' });
export type AuditChange = z.infer<typeof AuditChangeSchema>;

/** The data of an `audit.action.v1` `recorded` event: one transaction's changes by one actor. */
export const AuditEventDataSchema = z
  .object({
    actor: AuditActorSchema,
    /** The service that made the change. */
    area: z.string(),
    at: z.string().meta({ description: 'When the change was made (ISO 8601).' }),
    changes: z.array(AuditChangeSchema).min(1),
  })
  .meta({ id: 'AuditEventData' });
export type AuditEventData = z.infer<typeof AuditEventDataSchema>;

/** One action as the audit log keeps it: the changes of one request (over every service it touched). */
export const AuditRecordSchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actor: AuditActorSchema,
    action: z.enum(AUDIT_ACTIONS),
    area: z.string(),
    entityType: z.string(),
    recordId: z.string(),
    requestId: z.string().nullable(),
    changes: z.array(AuditChangeSchema.extend({ area: z.string() })),
  })
  .meta({ id: 'AuditRecord' });
export type AuditRecord = z.infer<typeof AuditRecordSchema>;
export const AuditPageSchema = pageSchema(AuditRecordSchema, 'AuditPage');

const isoDateTime = (name: string) =>
  z.iso.datetime({ offset: true, message: `${name} must be an ISO 8601 date-time, e.g. 2026-11-25T09:00:00Z.` });

/** GET /api/audit: the Admin's Activity screen, newest first. */
export const AuditQuerySchema = z.object({
  page: fromDigits(z.number().int().min(1)).default(1),
  pageSize: fromDigits(z.number().int().min(1).max(200)).default(25),
  /** The person (staff user or API client id) who acted. */
  actorId: z.string().trim().min(1).max(100).optional(),
  area: z.enum(AUDIT_AREAS).optional(),
  entityType: z.string().trim().min(1).max(100).optional(),
  /** A record touched by the action (any of its changes). */
  recordId: z.string().trim().min(1).max(100).optional(),
  from: isoDateTime('from').optional(),
  to: isoDateTime('to').optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** GET /api/audit/history: one record's own history, where the record is shown. */
export const AuditHistoryQuerySchema = z.object({
  page: fromDigits(z.number().int().min(1)).default(1),
  pageSize: fromDigits(z.number().int().min(1).max(200)).default(25),
  area: z.enum(AUDIT_AREAS),
  entityType: z.string().trim().min(1).max(100),
  recordId: z.string().trim().min(1).max(100),
});
export type AuditHistoryQuery = z.infer<typeof AuditHistoryQuerySchema>;

export const AUDIT_PATHS = {
  records: '/api/audit',
  history: '/api/audit/history',
} as const;
