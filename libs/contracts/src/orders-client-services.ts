import { z } from 'zod';
import { fromDigits, pageSchema } from './paging';
import { callerTimeZone } from './scheduling';

/*
 * Client services: order items submitted for delivery, with their statuses, assignments, transactions and files.
 * Their paths are in ORDERS_PATHS (orders.ts), their events in orders-events.ts.
 */

export const CLIENT_SERVICE_STATUSES = ['Created', 'Verified', 'Filled', 'Completed', 'Cancelled'] as const;
export const ClientServiceStatusSchema = z.enum(CLIENT_SERVICE_STATUSES, {
  error: `Status must be one of ${CLIENT_SERVICE_STATUSES.join(', ')}.`,
});
export type ClientServiceStatus = z.infer<typeof ClientServiceStatusSchema>;

/** Position on the forward path Created → Verified → Filled → Completed; Cancelled is off it. */
const CLIENT_SERVICE_FORWARD_ORDER: Record<ClientServiceStatus, number> = {
  Created: 0,
  Verified: 1,
  Filled: 2,
  Completed: 3,
  Cancelled: -1,
};

/**
 * A status change the forward rules do not allow — backwards, or out of Completed or Cancelled (both final) — which
 * only Admin and Manager may make, as a correction with a reason.
 */
export function isStatusCorrection(from: ClientServiceStatus, to: ClientServiceStatus): boolean {
  if (from === to) return false;
  if (from === 'Completed' || from === 'Cancelled') return true;
  return to !== 'Cancelled' && CLIENT_SERVICE_FORWARD_ORDER[to] <= CLIENT_SERVICE_FORWARD_ORDER[from];
}

/**
 * GET /api/client-services?search=&status=&page=&pageSize=: all optional. Without page and pageSize the answer is
 * every matching row as an array (no paging); with either of them, one page of them as `Page<ClientServiceSummary>`.
 */
export const ClientServiceListQuerySchema = z.object({
  /** Part of the service, provider or branch name, or the start of the client service's or its order's id. */
  search: z.string().trim().max(100, 'Search may have at most 100 characters.').optional(),
  status: ClientServiceStatusSchema.optional(),
  page: fromDigits(z.number({ error: 'Page must be a whole number from 1.' }).int().min(1)).optional(),
  pageSize: fromDigits(z.number({ error: 'Page size must be a whole number from 1 to 200.' }).int().min(1).max(200)).optional(),
});
export type ClientServiceListQuery = z.infer<typeof ClientServiceListQuerySchema>;

/** Whether a client-services query asks for one page (an answer of `Page<…>`) rather than the whole list. */
export const isPagedClientServiceQuery = (query: ClientServiceListQuery): boolean =>
  query.page !== undefined || query.pageSize !== undefined;

/** GET /api/client-services/counts?tz=: the caller's client services (a provider's own) by status, and this week's. */
export const ClientServiceCountsQuerySchema = z.object({ tz: callerTimeZone() });
export type ClientServiceCountsQuery = z.infer<typeof ClientServiceCountsQuerySchema>;

export const ClientServiceCountsSchema = z
  .object({
    byStatus: z.record(ClientServiceStatusSchema, z.number().int()),
    open: z.number().int().meta({ description: 'Created, Verified or Filled: neither Completed nor Cancelled.' }),
    newThisWeek: z.number().int().meta({ description: "Created since Monday, in the caller's time zone." }),
    completedThisWeek: z.number().int().meta({ description: "Completed since Monday, in the caller's time zone." }),
  })
  .meta({ id: 'ClientServiceCounts' });
export type ClientServiceCounts = z.infer<typeof ClientServiceCountsSchema>;

/** The progress bar by status (docs/product.md); Cancelled shows no bar. */
export const CLIENT_SERVICE_PROGRESS: Record<ClientServiceStatus, number | null> = {
  Created: 25,
  Verified: 50,
  Filled: 75,
  Completed: 100,
  Cancelled: null,
};

/** POST /api/client-services/submit. */
export const SubmitOrderItemSchema = z.object({
  orderId: z.uuid('Order id must be a UUID.'),
  itemId: z
    .number({ error: (issue) => (issue.input === undefined ? 'Item is required.' : 'Item must be a catalogue service id.') })
    .int('Item must be a catalogue service id.')
    .positive('Item must be a catalogue service id.')
    .max(2147483647, 'Item must be a catalogue service id.'),
});
export type SubmitOrderItemInput = z.input<typeof SubmitOrderItemSchema>;

/** The answer of submit, assign, clear and transaction calls: a refusal of a rule is `success: false`, not an HTTP error. */
export const CommandResultSchema = z
  .object({
    success: z.boolean(),
    message: z.string(),
    title: z
      .string()
      .optional()
      .meta({ description: 'The notice title the console shows (submit answers one; the others use "Assign" or "insert").' }),
    clientServiceId: z.uuid().optional().meta({ description: 'The client service made or changed.' }),
  })
  .meta({ id: 'CommandResult' });
export type CommandResult = z.infer<typeof CommandResultSchema>;

export const ClientServiceSummarySchema = z
  .object({
    id: z.uuid(),
    orderId: z.uuid(),
    serviceId: z.number().int(),
    serviceName: z.string(),
    status: ClientServiceStatusSchema,
    createdDate: z.string(),
    branchId: z.number().int().nullable(),
    branchName: z.string().nullable(),
    providerId: z.string().nullable(),
    providerName: z.string().nullable(),
  })
  .meta({ id: 'ClientServiceSummary' });
export type ClientServiceSummary = z.infer<typeof ClientServiceSummarySchema>;

/** GET /api/client-services with page or pageSize: one page of the matching client services. */
export const ClientServicePageSchema = pageSchema(ClientServiceSummarySchema, 'ClientServicePage');

/** GET /api/client-services: the whole list, or one page of it when the query names a page (see ClientServiceListQuerySchema). */
export const ClientServiceListSchema = z.union([z.array(ClientServiceSummarySchema), ClientServicePageSchema]);

export const CLIENT_SERVICE_FILE_KINDS = ['document', 'transaction'] as const;
export type ClientServiceFileKind = (typeof CLIENT_SERVICE_FILE_KINDS)[number];

/** Files a client service keeps: documents the client sent, and images of transactions. */
export const CLIENT_SERVICE_FILE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'] as const;
export const CLIENT_SERVICE_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const TRANSACTION_MAX_FILES = 10;

/** POST /api/client-services/{id}/files?name=&kind=&requiredFileId= with the file's bytes as the body. */
export const UploadFileQuerySchema = z.object({
  name: z.string().trim().min(1, 'File name is required.').max(200, 'File name is too long (200 characters at most).'),
  kind: z.enum(CLIENT_SERVICE_FILE_KINDS).default('document'),
  requiredFileId: fromDigits(z.number().int().positive().max(2147483647)).optional(),
});
export type UploadFileQuery = z.input<typeof UploadFileQuerySchema>;

export const ClientServiceFileSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(CLIENT_SERVICE_FILE_KINDS),
    name: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    requiredFileId: z.number().int().nullable().meta({ description: 'The required file this document answers, if any.' }),
    url: z.string().meta({ description: 'GET it with the bearer token.' }),
    createdAt: z.string(),
  })
  .meta({ id: 'ClientServiceFile' });
export type ClientServiceFile = z.infer<typeof ClientServiceFileSchema>;

export const RequiredFileSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    accept: z.string().meta({ description: 'Comma list of image, pdf, sheet, zip (empty: any).' }),
    uploaded: z.boolean().meta({ description: 'True when a document answering it was uploaded.' }),
  })
  .meta({ id: 'RequiredFile' });
export type RequiredFile = z.infer<typeof RequiredFileSchema>;

/** POST /api/ServiceTransaction: the transaction body. */
export const ServiceTransactionInputSchema = z.object({
  clientServiceId: z.uuid('Client service id must be a UUID.'),
  /** The catalogue service id; when sent it must match the client service's. */
  serviceId: z.number().int().positive().optional(),
  status: ClientServiceStatusSchema,
  note: z.string().trim().max(2000, 'The note is too long (2000 characters at most).').default(''),
  /** Ids of images uploaded first with kind=transaction. */
  files: z
    .array(z.uuid('A file id must be a UUID.'))
    .max(TRANSACTION_MAX_FILES, `At most ${TRANSACTION_MAX_FILES} files.`)
    .default([])
    .refine((list) => new Set(list).size === list.length, 'The same file is listed twice.'),
});
export type ServiceTransactionInput = z.input<typeof ServiceTransactionInputSchema>;

export const ServiceTransactionSchema = z
  .object({
    id: z.uuid(),
    clientServiceId: z.uuid(),
    serviceId: z.number().int(),
    status: ClientServiceStatusSchema.meta({ description: 'The status the transaction set (or kept, for a note).' }),
    previousStatus: ClientServiceStatusSchema,
    correction: z
      .boolean()
      .meta({ description: 'A correction by Admin or Manager (backwards or out of a final status); the note is its reason.' }),
    note: z.string(),
    files: z.array(ClientServiceFileSchema),
    date: z.string(),
    actorId: z.string(),
    actorName: z.string(),
  })
  .meta({ id: 'ServiceTransaction' });
export type ServiceTransaction = z.infer<typeof ServiceTransactionSchema>;

/** GET /api/client-services/{id}: everything the detail modal shows. */
export const ClientServiceDetailSchema = ClientServiceSummarySchema.extend({
  userId: z.string().nullable(),
  clientName: z.string(),
  clientPhone: z.string(),
  clientEmail: z.string().nullable(),
  deliveryType: z.string(),
  fulfillmentDate: z.string().nullable(),
  fulfillmentDuration: z.number().nullable().meta({ description: 'Seconds from creation to completion; null until Completed.' }),
  progress: z.number().int().nullable().meta({ description: '25, 50, 75 or 100; null for Cancelled.' }),
  jsonData: z.record(z.string(), z.unknown()),
  requiredFiles: z.array(RequiredFileSchema),
  files: z.array(ClientServiceFileSchema),
  transactions: z.array(ServiceTransactionSchema),
}).meta({ id: 'ClientServiceDetail' });
export type ClientServiceDetail = z.infer<typeof ClientServiceDetailSchema>;
