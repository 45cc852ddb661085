import { z } from 'zod';
import { ClientServiceStatusSchema } from './orders-client-services';

/*
 * The events of the orders service: orders.client-service.v1 (key = client service id) and orders.order.v1
 * (key = order id), their topic names and data schemas.
 */

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
