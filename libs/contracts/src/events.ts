import { z } from 'zod';
import { AUDIT_EVENT_TYPE, AUDIT_TOPIC, AuditEventDataSchema } from './audit';
import { CATALOGUE_SERVICE_TOPIC, ServiceSchema } from './catalogue';
import { LEAD_IMPORT_EVENT_TYPES, LEAD_IMPORT_TOPIC, LeadImportEventDataSchema } from './crm';
import { GEOGRAPHY_LEVELS, GEOGRAPHY_TOPIC, GeographyRegionEventSchema } from './geography';
import { IDENTITY_USER_TOPIC, IdentityUserEventDataSchema } from './identity';
import { CLIENT_SERVICE_EVENT_DATA, ORDER_EVENT_DATA, ORDERS_CLIENT_SERVICE_TOPIC, ORDERS_ORDER_TOPIC } from './orders-events';
import { PAYMENT_EVENT_TYPES, PAYMENTS_PAYMENT_TOPIC, PaymentEventDataSchema } from './payments';
import { BranchSchema, SCHEDULING_BRANCH_TOPIC } from './scheduling';

/**
 * Every topic the product publishes and every event type on it, with its data schema: the one source of
 * `asyncapi.yaml` (generated from it), of the webhook event types, and of the contract check that validates
 * every event the integration tests write to an outbox. Adding an event type means adding it here.
 */

/** The data of a `deleted` event on a compacted topic (a tombstone follows it). */
export const DeletedDataSchema = z
  .object({ id: z.number().int().meta({ description: 'The id of the record that was deleted (also the key).' }) })
  .meta({ id: 'DeletedData' });

export interface EventTypeDoc {
  /** The envelope's `type` (and the Kafka header `ce_type`). */
  type: string;
  title: string;
  summary: string;
  data: z.ZodType;
}

export interface TopicDoc {
  /** The base topic name (a stack may prefix it, see KAFKA_TOPIC_PREFIX). */
  topic: string;
  /** An identifier for the channel in asyncapi.yaml. */
  channel: string;
  title: string;
  owner: string;
  /** What the Kafka key (and the envelope's `subject`) is. */
  key: string;
  description: string;
  /** Compacted topics end a key with a tombstone after its `deleted` event. */
  compacted: boolean;
  /** Services that consume the topic inside the product, with what they do with it. */
  consumers: { service: string; group: string; purpose: string }[];
  events: EventTypeDoc[];
}

const WEBHOOKS_CONSUMER = {
  service: 'orders',
  group: 'orders.webhooks',
  purpose: 'Delivers the events to webhook subscriptions (signed per Standard Webhooks).',
};

const fullState = (what: string, schema: z.ZodType, owner: string): EventTypeDoc[] => [
  { type: 'created', title: `${what} created`, summary: `A ${what.toLowerCase()} was created; data is its full state.`, data: schema },
  {
    type: 'updated',
    title: `${what} updated`,
    summary: `A ${what.toLowerCase()} changed; data is its full state after the change.`,
    data: schema,
  },
  {
    type: 'deleted',
    title: `${what} deleted`,
    summary: `A ${what.toLowerCase()} was deleted in ${owner}; a tombstone (null value) with the same key follows.`,
    data: DeletedDataSchema,
  },
];

export const EVENT_TOPICS: readonly TopicDoc[] = [
  {
    topic: ORDERS_CLIENT_SERVICE_TOPIC,
    channel: 'ordersClientService',
    title: 'Client services (orders)',
    owner: 'orders',
    key: 'The client service id.',
    description:
      'The life of a client service (an order item submitted for delivery), from the ClientService aggregate (CQRS command handlers).',
    compacted: false,
    consumers: [WEBHOOKS_CONSUMER],
    events: [
      {
        type: 'submitted',
        title: 'Client service submitted',
        summary: 'An order item was submitted to client services ("Submit to Client Services" on a receipt). Its status is Created.',
        data: CLIENT_SERVICE_EVENT_DATA.submitted,
      },
      {
        type: 'branch-assigned',
        title: 'Branch assigned',
        summary: 'The client service was assigned to a branch. Not sent when the branch was already the one assigned.',
        data: CLIENT_SERVICE_EVENT_DATA['branch-assigned'],
      },
      {
        type: 'branch-cleared',
        title: 'Branch cleared',
        summary: 'The branch of the client service was cleared.',
        data: CLIENT_SERVICE_EVENT_DATA['branch-cleared'],
      },
      {
        type: 'provider-assigned',
        title: 'Service provider assigned',
        summary: 'The client service was assigned to a service provider.',
        data: CLIENT_SERVICE_EVENT_DATA['provider-assigned'],
      },
      {
        type: 'provider-cleared',
        title: 'Service provider cleared',
        summary: 'The service provider of the client service was cleared.',
        data: CLIENT_SERVICE_EVENT_DATA['provider-cleared'],
      },
      {
        type: 'status-changed',
        title: 'Status changed',
        summary:
          'A transaction (POST /api/ServiceTransaction) moved the status. A transaction with the current status records a note only and publishes nothing; a refused transition publishes nothing. `correction: true` marks a correction by Admin or Manager.',
        data: CLIENT_SERVICE_EVENT_DATA['status-changed'],
      },
    ],
  },
  {
    topic: ORDERS_ORDER_TOPIC,
    channel: 'ordersOrder',
    title: 'Orders (orders)',
    owner: 'orders',
    key: 'The order id.',
    description: 'Orders taken at intake and paid.',
    compacted: false,
    consumers: [
      { service: 'crm', group: 'crm.order-read-model', purpose: 'Keeps the order read model of the sales agent report.' },
      WEBHOOKS_CONSUMER,
    ],
    events: [
      {
        type: 'created',
        title: 'Order created',
        summary: 'An order was taken at intake (POST /api/orders), priced from the catalogue with tax and shipping from geography.',
        data: ORDER_EVENT_DATA.created,
      },
      {
        type: 'paid',
        title: 'Order paid',
        summary: 'The order became Paid (its payments cover its amount). Sent once per order.',
        data: ORDER_EVENT_DATA.paid,
      },
    ],
  },
  {
    topic: PAYMENTS_PAYMENT_TOPIC,
    channel: 'paymentsPayment',
    title: 'Payments (payments)',
    owner: 'payments',
    key: 'The order id (so every payment of an order stays in order).',
    description: 'Payments recorded against orders and the transactions added to them.',
    compacted: false,
    consumers: [
      {
        service: 'orders',
        group: 'orders.catalogue-read-model',
        purpose: 'Marks the order Paid once `orderPaidTotal` covers its amount (one `paid` event on orders.order.v1).',
      },
      WEBHOOKS_CONSUMER,
    ],
    events: PAYMENT_EVENT_TYPES.map((type) => ({
      type,
      title: type === 'created' ? 'Payment created' : 'Payment transaction added',
      summary:
        type === 'created'
          ? 'A payment was recorded for an order (POST /api/payments), with its first transaction if any.'
          : 'A transaction was added to an existing payment.',
      data: PaymentEventDataSchema,
    })),
  },
  {
    topic: CATALOGUE_SERVICE_TOPIC,
    channel: 'catalogueService',
    title: 'Catalogue services (catalogue)',
    owner: 'catalogue',
    key: 'The service id.',
    description: 'The full state of every service of the catalogue. Compacted: the latest state of each service is kept.',
    compacted: true,
    consumers: [
      {
        service: 'orders',
        group: 'orders.catalogue-read-model',
        purpose:
          'Keeps the catalogue read model (name, delivery type, price, required files); POST /api/orders/read-models/catalogue/rebuild replays the topic.',
      },
      WEBHOOKS_CONSUMER,
    ],
    events: fullState('Service', ServiceSchema.meta({ id: 'Service' }), 'the catalogue'),
  },
  {
    topic: SCHEDULING_BRANCH_TOPIC,
    channel: 'schedulingBranch',
    title: 'Branches (scheduling)',
    owner: 'scheduling',
    key: 'The branch id.',
    description: 'The full state of every branch. Compacted: the latest state of each branch is kept.',
    compacted: true,
    consumers: [WEBHOOKS_CONSUMER],
    events: fullState('Branch', BranchSchema.meta({ id: 'Branch' }), 'scheduling'),
  },
  {
    topic: GEOGRAPHY_TOPIC,
    channel: 'geographyRegion',
    title: 'Geography regions (geography)',
    owner: 'geography',
    key: '"<level>:<id>", e.g. "city:12".',
    description: 'Changes of countries, states, cities, boroughs and areas (with their tax rates and shipping fees).',
    compacted: false,
    consumers: [WEBHOOKS_CONSUMER],
    events: GEOGRAPHY_LEVELS.flatMap((level) =>
      (['created', 'updated', 'deleted'] as const).map((change) => ({
        type: `${level}.${change}`,
        title: `${level[0].toUpperCase()}${level.slice(1)} ${change}`,
        summary:
          change === 'deleted' ? `A ${level} was deleted; \`record\` is null.` : `A ${level} was ${change}; \`record\` is its state after.`,
        data: GeographyRegionEventSchema,
      })),
    ),
  },
  {
    topic: IDENTITY_USER_TOPIC,
    channel: 'identityUser',
    title: 'Staff users (identity)',
    owner: 'identity',
    key: 'The user id.',
    description: "Staff users' changes; every event carries the user's full state.",
    compacted: false,
    consumers: [WEBHOOKS_CONSUMER],
    events: [
      { type: 'created', title: 'User created', summary: 'A staff user was created.' },
      { type: 'updated', title: 'User updated', summary: "A staff user's name or email changed." },
      { type: 'roles-changed', title: 'Roles changed', summary: "A staff user's roles changed; `previousRoles` holds the roles before." },
      { type: 'deactivated', title: 'User deactivated', summary: 'A staff user was deactivated (their sessions end).' },
      { type: 'activated', title: 'User activated', summary: 'A staff user was activated again.' },
    ].map((event) => ({ ...event, data: IdentityUserEventDataSchema })),
  },
  {
    topic: LEAD_IMPORT_TOPIC,
    channel: 'crmLeadImport',
    title: 'Lead imports (crm)',
    owner: 'crm',
    key: 'The upload id.',
    description: 'The outcome of each spreadsheet of leads the import worker processed.',
    compacted: false,
    consumers: [],
    events: LEAD_IMPORT_EVENT_TYPES.map((type) => ({
      type,
      title: type === 'completed' ? 'Lead import completed' : 'Lead import failed',
      summary:
        type === 'completed'
          ? 'A spreadsheet was imported into its lead group; the counts say what happened to its rows.'
          : 'A spreadsheet could not be imported; `error` says why.',
      data: LeadImportEventDataSchema,
    })),
  },
  {
    topic: AUDIT_TOPIC,
    channel: 'auditAction',
    title: 'Audit log (every service)',
    owner: 'every service',
    key: 'The first changed record, as "<area>:<entity type>:<id>".',
    description:
      'Every staff action that changes data, written to the outbox in the transaction of the change. Internal: it carries personal data before and after, so it is never offered to webhooks.',
    compacted: false,
    consumers: [{ service: 'identity', group: 'identity.audit-log', purpose: 'Keeps the audit log (GET /api/audit).' }],
    events: [
      {
        type: AUDIT_EVENT_TYPE,
        title: 'Action recorded',
        summary:
          'One transaction of one actor: who, when, and each changed record with its fields before and after (secrets hidden). The Kafka header x-request-id names the request; identity keeps one record per request.',
        data: AuditEventDataSchema,
      },
    ],
  },
];

/** The documented event of a topic and type, if any. */
export function findEventDoc(topic: string, type: string): EventTypeDoc | undefined {
  return EVENT_TOPICS.find((doc) => doc.topic === topic)?.events.find((event) => event.type === type);
}
