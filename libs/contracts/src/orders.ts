import { z } from 'zod';
import { PageQuerySchema } from './paging';

/*
 * Orders: order intake from the storefront, the orders list and receipts, the paths of the orders service, and its
 * local copy of the catalogue. Client services are in orders-client-services.ts, the events of both in orders-events.ts.
 * One source of shapes and rules for the orders service and the console.
 */

// ── Paths ───────────────────────────────────────────────────────────────────────────────────────

/** Paths the specification (kept outside the repository; docs/product.md) gives are kept exactly (ServiceSubmissions, ServiceTransaction); the rest are docs/architecture.md. */
export const ORDERS_PATHS = {
  orders: '/api/orders',
  order: (id: string) => `/api/orders/${id}`,
  ordersExport: '/api/orders/export.xlsx',
  orderPayments: (id: string) => `/api/orders/${id}/payments`,
  catalogueReadModel: '/api/orders/read-models/catalogue',
  catalogueReadModelRebuild: '/api/orders/read-models/catalogue/rebuild',
  clientServices: '/api/client-services',
  clientServiceCounts: '/api/client-services/counts',
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
  /** A client-made id makes retries safe: the same id and body answer the order already taken, another body 409. */
  id: z.uuid('Id must be a UUID.').optional().meta({
    description:
      'A client-made id makes a retry safe: the same id with the same body answers the order already taken (200); with another body, 409 `order_id_conflict`.',
  }),
  name: text('Name', 200),
  contactInfo: text('Contact info', 200),
  email: z.email('Enter a valid email address.').max(254).nullable().default(null),
  address: text('Address', 300),
  zipCode: text('Zip code', 20),
  city: text('City', 100),
  county: z.string().trim().max(100, 'County is too long (100 characters at most).').default(''),
  state: text('State', 100),
  country: text('Country', 100).meta({
    description: 'ISO 3166 alpha-2 ("US"), alpha-3 ("USA") or the country\'s name ("United States"), any case.',
  }),
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
