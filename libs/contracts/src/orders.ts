import { z } from 'zod';
import { fromDigits, pageSchema, PageQuerySchema } from './paging';

/*
 * Orders: order intake from the storefront, the orders list and receipts, and client services
 * (order items submitted for delivery) with their assignments, transactions and files.
 * One source of shapes and rules for the orders service and the console.
 */

// ── Paths ───────────────────────────────────────────────────────────────────────────────────────

/** Paths the specification (docs/product.md) gives are kept exactly (ServiceSubmissions, ServiceTransaction); the rest are docs/architecture.md. */
export const ORDERS_PATHS = {
  orders: '/api/orders',
  order: (id: string) => `/api/orders/${id}`,
  ordersExport: '/api/orders/export.xlsx',
  orderPayments: (id: string) => `/api/orders/${id}/payments`,
  catalogueReadModel: '/api/orders/read-models/catalogue',
  catalogueReadModelRebuild: '/api/orders/read-models/catalogue/rebuild',
  clientServices: '/api/client-services',
  clientService: (id: string) => `/api/client-services/${id}`,
  submit: '/api/client-services/submit',
  clientServiceFiles: (id: string) => `/api/client-services/${id}/files`,
  clientServiceFile: (id: string, fileId: string) => `/api/client-services/${id}/files/${fileId}`,
  transactions: (clientServiceId: string) => `/api/ServiceTransaction/${clientServiceId}`,
  transaction: '/api/ServiceTransaction',
  /**
   * The assignment commands, at the specification's paths: its clients call them with GET (kept, deprecated), new
   * clients and the console POST to the same path (docs/decisions/0005-spec-get-paths-kept.md).
   */
  assignBranch: (id: string, branchId: number) => `/api/ServiceSubmissions/assignBranch/${id}/${branchId}`,
  assignProvider: (id: string, providerId: string) => `/api/ServiceSubmissions/assignProvider/${id}/${providerId}`,
  clearBranch: (id: string) => `/api/ServiceSubmissions/assignClearBranch/${id}`,
  clearProvider: (id: string) => `/api/ServiceSubmissions/assignClearProvider/${id}`,
} as const;

/** The part of a UUID before the first hyphen: how the console shows order and client service ids. */
export const shortId = (id: string): string => id.split('-')[0] ?? id;

/** The invoice number of an order: the first dash-separated segment of its id. */
export const invoiceNumber = shortId;

// ── Money ───────────────────────────────────────────────────────────────────────────────────────

/** A money amount with at most 2 decimals, as numeric(12,2) holds it. */
const money = (what: string) =>
  z
    .number({ error: `${what} must be a number.` })
    .min(0, `${what} cannot be negative.`)
    .max(9_999_999_999.99, `${what} is too large.`)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, `${what} may have at most 2 decimals.`);

// ── Orders ──────────────────────────────────────────────────────────────────────────────────────

/** `Pending` at intake; `Paid` is set by the payments consumer (payments.payment.v1). */
export const ORDER_STATUSES = ['Pending', 'Paid'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

const text = (what: string, max: number) =>
  z
    .string({ error: `${what} is required.` })
    .trim()
    .min(1, `${what} is required.`)
    .max(max, `${what} is too long (${max} characters at most).`);

export const ORDER_LIMITS = { maxItems: 100, maxQuantity: 1000 } as const;

/** One line of an order as the storefront sends it: which catalogue service and how many. The price comes from the catalogue. */
export const OrderItemInputSchema = z.object({
  itemId: z
    .number({ error: 'Item is required.' })
    .int('Item must be a catalogue service id.')
    .positive('Item must be a catalogue service id.')
    .max(2147483647, 'Item must be a catalogue service id.'),
  quantity: z
    .number({ error: 'Quantity must be a number.' })
    .int('Quantity must be a whole number.')
    .min(1, 'Quantity must be at least 1.')
    .max(ORDER_LIMITS.maxQuantity, `Quantity is at most ${ORDER_LIMITS.maxQuantity}.`)
    .default(1),
  /** What the client answered on the storefront for this service (copied to the client service). */
  jsonData: z
    .record(z.string(), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]))
    .refine((value) => Object.keys(value).length <= 50, 'At most 50 details.')
    .default({}),
});
export type OrderItemInput = z.input<typeof OrderItemInputSchema>;

/** POST /api/orders: what the storefront sends. Tax and shipping are resolved through geography. */
export const CreateOrderSchema = z.object({
  /** A client-made id makes retries safe: the same id answers the order already taken. */
  id: z.uuid('Id must be a UUID.').optional(),
  name: text('Name', 200),
  contactInfo: text('Contact info', 200),
  email: z.email('Enter a valid email address.').max(254).nullable().default(null),
  address: text('Address', 300),
  zipCode: text('Zip code', 20),
  city: text('City', 100),
  county: z.string().trim().max(100, 'County is too long (100 characters at most).').default(''),
  state: text('State', 100),
  country: text('Country', 100),
  /** The client account that placed the order, when signed in on the storefront. */
  userId: z.uuid('User id must be a UUID.').nullable().default(null),
  /** An amount taken off the items' subtotal (before tax). */
  discount: money('Discount').default(0),
  items: z
    .array(OrderItemInputSchema, { error: 'Items are required.' })
    .min(1, 'An order needs at least one item.')
    .max(ORDER_LIMITS.maxItems, `An order has at most ${ORDER_LIMITS.maxItems} items.`)
    .superRefine((items, context) => {
      const seen = new Set<number>();
      items.forEach((item, index) => {
        if (seen.has(item.itemId)) {
          context.addIssue({
            code: 'custom',
            path: [index, 'itemId'],
            message: 'The same service is listed twice; raise its quantity instead.',
          });
        }
        seen.add(item.itemId);
      });
    }),
});
export type CreateOrderInput = z.input<typeof CreateOrderSchema>;
export type CreateOrderValues = z.output<typeof CreateOrderSchema>;

/** GET /api/orders and GET /api/orders/export.xlsx. */
export const OrderListQuerySchema = PageQuerySchema.extend({ status: OrderStatusSchema.optional() });
export type OrderListQuery = z.input<typeof OrderListQuerySchema>;
export const OrderExportQuerySchema = OrderListQuerySchema.omit({ page: true, pageSize: true });

/** A row of the orders list. */
export const OrderSummarySchema = z
  .object({
    id: z.uuid(),
    createdDate: z.string(),
    amount: z.number(),
    name: z.string(),
    contactInfo: z.string(),
    state: z.string(),
    county: z.string(),
    city: z.string(),
    zipCode: z.string(),
    status: OrderStatusSchema,
  })
  .meta({ id: 'OrderSummary' });
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const OrderItemSchema = z
  .object({
    itemId: z.number().int().meta({ description: 'The catalogue service id.' }),
    itemName: z.string(),
    itemType: z.string().meta({ description: "The service's delivery type when ordered (Online, Physical, None)." }),
    amount: z.number().meta({ description: 'Unit price from the catalogue when ordered.' }),
    quantity: z.number().int(),
    total: z.number(),
    clientServiceId: z.uuid().nullable().meta({ description: 'The client service made from this item, once submitted.' }),
  })
  .meta({ id: 'OrderItem' });
export type OrderItem = z.infer<typeof OrderItemSchema>;

/** GET /api/orders/{id}: everything the receipt shows. */
export const OrderDetailSchema = z
  .object({
    id: z.uuid(),
    invoiceNumber: z.string(),
    name: z.string(),
    contactInfo: z.string(),
    email: z.string().nullable(),
    address: z.string(),
    zipCode: z.string(),
    city: z.string(),
    county: z.string(),
    state: z.string(),
    country: z.string(),
    userId: z.uuid().nullable(),
    items: z.array(OrderItemSchema),
    subtotal: z.number(),
    discount: z.number(),
    taxRate: z.number().meta({ description: 'Percent, as geography answered it.' }),
    tax: z.number(),
    shippingFee: z.number(),
    amount: z.number().meta({ description: 'The order total: subtotal − discount + tax + shipping.' }),
    status: OrderStatusSchema,
    createdDate: z.string(),
    paidAt: z.string().nullable(),
  })
  .meta({ id: 'OrderDetail' });
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

// ── Client services ─────────────────────────────────────────────────────────────────────────────

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

// ── Catalogue read model ────────────────────────────────────────────────────────────────────────

/** A row of the orders service's local copy of catalogue.service.v1. */
export const CatalogueServiceViewSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    deliveryType: z.string(),
    price: z.number(),
    active: z.boolean(),
    physical: z.boolean(),
    requiredFiles: z.array(z.object({ id: z.number().int(), name: z.string(), accept: z.string() })),
    sourceUpdatedAt: z.string(),
  })
  .meta({ id: 'CatalogueServiceView' });
export type CatalogueServiceView = z.infer<typeof CatalogueServiceViewSchema>;

// ── Events on orders.client-service.v1 (key = client service id) and orders.order.v1 (key = order id) ─

export const ORDERS_CLIENT_SERVICE_TOPIC = 'orders.client-service.v1';
export const ORDERS_ORDER_TOPIC = 'orders.order.v1';

export const CLIENT_SERVICE_EVENT_TYPES = [
  'submitted',
  'branch-assigned',
  'provider-assigned',
  'branch-cleared',
  'provider-cleared',
  'status-changed',
] as const;
export type ClientServiceEventType = (typeof CLIENT_SERVICE_EVENT_TYPES)[number];

const uuid = (description: string) => z.uuid().meta({ description });

const ClientServiceEventBaseSchema = z.object({
  clientServiceId: uuid('The client service (also the Kafka key and the envelope subject).'),
  orderId: uuid('The order the client service belongs to.'),
  actorId: uuid('The staff user (or provider) who did it; 00000000-0000-4000-8000-000000000000 for demo data.'),
});

export const ClientServiceSubmittedDataSchema = ClientServiceEventBaseSchema.extend({
  userId: z.uuid().nullable().meta({ description: 'The client account of the order, if any.' }),
  serviceId: z.number().int().meta({ description: 'The catalogue service id.' }),
  serviceName: z.string(),
  status: z.literal('Created'),
  createdDate: z.iso.datetime(),
}).meta({ id: 'ClientServiceSubmittedData' });
export type ClientServiceSubmittedData = z.infer<typeof ClientServiceSubmittedDataSchema>;

export const BranchAssignedDataSchema = ClientServiceEventBaseSchema.extend({
  branchId: z.number().int(),
  branchName: z.string().nullable().meta({ description: "The branch's name when assigned (scheduling)." }),
  previousBranchId: z.number().int().nullable(),
}).meta({ id: 'BranchAssignedData' });
export type BranchAssignedData = z.infer<typeof BranchAssignedDataSchema>;

export const BranchClearedDataSchema = ClientServiceEventBaseSchema.extend({
  previousBranchId: z.number().int(),
}).meta({ id: 'BranchClearedData' });
export type BranchClearedData = z.infer<typeof BranchClearedDataSchema>;

export const ProviderAssignedDataSchema = ClientServiceEventBaseSchema.extend({
  providerId: uuid('A staff user with the ServiceProvider role.'),
  providerName: z.string().nullable(),
  previousProviderId: z.uuid().nullable(),
}).meta({ id: 'ProviderAssignedData' });
export type ProviderAssignedData = z.infer<typeof ProviderAssignedDataSchema>;

export const ProviderClearedDataSchema = ClientServiceEventBaseSchema.extend({
  previousProviderId: z.uuid(),
}).meta({ id: 'ProviderClearedData' });
export type ProviderClearedData = z.infer<typeof ProviderClearedDataSchema>;

export const StatusChangedDataSchema = ClientServiceEventBaseSchema.extend({
  from: ClientServiceStatusSchema,
  to: ClientServiceStatusSchema,
  note: z.string().max(2000),
  transactionId: uuid('The transaction that made the change.'),
  date: z.iso.datetime(),
  correction: z.boolean().optional().meta({
    description:
      'Present and true when Admin or Manager corrected a mistake (a move backwards, or out of Completed or Cancelled); the note is the reason.',
  }),
}).meta({ id: 'StatusChangedData' });
export type StatusChangedData = z.infer<typeof StatusChangedDataSchema>;

/** The data schema of each event type on orders.client-service.v1. */
export const CLIENT_SERVICE_EVENT_DATA = {
  submitted: ClientServiceSubmittedDataSchema,
  'branch-assigned': BranchAssignedDataSchema,
  'branch-cleared': BranchClearedDataSchema,
  'provider-assigned': ProviderAssignedDataSchema,
  'provider-cleared': ProviderClearedDataSchema,
  'status-changed': StatusChangedDataSchema,
} as const satisfies Record<ClientServiceEventType, z.ZodType>;
export type ClientServiceEventDataByType = { [T in ClientServiceEventType]: z.infer<(typeof CLIENT_SERVICE_EVENT_DATA)[T]> };

export const ORDER_EVENT_TYPES = ['created', 'paid'] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

export const OrderCreatedDataSchema = z
  .object({
    orderId: z.uuid(),
    userId: z.uuid().nullable(),
    name: z.string().meta({ description: 'The client as the order names them (product "Order client").' }),
    phone: z.string().meta({
      description:
        "The order's contact info: the client's phone number as typed; crm matches it (by its digits) to leads for the sales agent report.",
    }),
    email: z.string().nullable().meta({ description: "The client's email, if given; crm matches it (case-insensitively) to leads." }),
    amount: z.number().meta({ description: 'The order total: subtotal − discount + tax + shipping.' }),
    discount: z.number(),
    tax: z.number(),
    shippingFee: z.number(),
    items: z.array(
      z.object({
        itemId: z.number().int().meta({ description: 'The catalogue service id.' }),
        itemName: z.string(),
        quantity: z.number().int().min(1),
        total: z.number(),
      }),
    ),
    createdDate: z.iso.datetime(),
  })
  .meta({ id: 'OrderCreatedData' });
export type OrderCreatedData = z.infer<typeof OrderCreatedDataSchema>;

export const OrderPaidDataSchema = z
  .object({ orderId: z.uuid(), paymentId: z.string(), paidAt: z.iso.datetime() })
  .meta({ id: 'OrderPaidData' });
export type OrderPaidData = z.infer<typeof OrderPaidDataSchema>;

/** The data schema of each event type on orders.order.v1. */
export const ORDER_EVENT_DATA = { created: OrderCreatedDataSchema, paid: OrderPaidDataSchema } as const satisfies Record<
  OrderEventType,
  z.ZodType
>;
