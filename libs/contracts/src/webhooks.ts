import { z } from 'zod';
import { CATALOGUE_SERVICE_TOPIC } from './catalogue';
import { EVENT_TOPICS } from './events';
import { GEOGRAPHY_TOPIC } from './geography';
import { IDENTITY_USER_TOPIC } from './identity';
import { ORDERS_CLIENT_SERVICE_TOPIC, ORDERS_ORDER_TOPIC } from './orders-events';
import { PAYMENTS_PAYMENT_TOPIC } from './payments';
import { SCHEDULING_BRANCH_TOPIC } from './scheduling';
import { fromDigits } from './paging';

/**
 * Signed webhooks: other systems subscribe an https URL to the product's events and receive each one as
 * a POST of its CloudEvents envelope, signed per the Standard Webhooks scheme (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`).
 */

/** Every topic the product publishes that a webhook may subscribe to (each carries CloudEvents envelopes). */
export const WEBHOOK_TOPICS = [
  ORDERS_CLIENT_SERVICE_TOPIC,
  ORDERS_ORDER_TOPIC,
  PAYMENTS_PAYMENT_TOPIC,
  CATALOGUE_SERVICE_TOPIC,
  SCHEDULING_BRANCH_TOPIC,
  GEOGRAPHY_TOPIC,
  IDENTITY_USER_TOPIC,
] as const;
export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number];

/** The event types of each topic (the envelope's `type`), as the event catalogue documents them. */
export const WEBHOOK_EVENT_TYPES = {} as Record<WebhookTopic, readonly string[]>;
for (const topic of WEBHOOK_TOPICS) {
  WEBHOOK_EVENT_TYPES[topic] = EVENT_TOPICS.find((doc) => doc.topic === topic)?.events.map((event) => event.type) ?? [];
}

/** The `type` of the event `POST .../test` sends (subject: the subscription id). */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

/** The data of a `webhook.test` event. */
export const WebhookTestDataSchema = z
  .object({ message: z.string(), subscriptionId: z.uuid().meta({ description: 'The subscription the test was sent to.' }) })
  .meta({ id: 'WebhookTestData' });

/** The envelope `type` a webhook receiver gets for an event of a topic: the topic in front, as a subscription names it. */
export const webhookEventType = (topic: string, type: string) => `${topic}:${type}`;

/** Every name a subscription may list: each topic, and each `topic:type` of the event catalogue. */
export const WEBHOOK_EVENT_FILTERS: readonly string[] = WEBHOOK_TOPICS.flatMap((topic) => [
  topic,
  ...WEBHOOK_EVENT_TYPES[topic].map((type) => `${topic}:${type}`),
]);

/** Edit distance (insertions, deletions, substitutions) between two short names. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** The catalogue's names nearest to a name it does not have (at most three, nearest first). */
export function closestWebhookEventFilters(value: string): string[] {
  return WEBHOOK_EVENT_FILTERS.map((name) => ({ name, distance: editDistance(value.toLowerCase(), name) }))
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name))
    .slice(0, 3)
    .map((entry) => entry.name);
}

/**
 * What a subscription receives: a topic (every event on it, e.g. `orders.client-service.v1`) or one type on
 * a topic (`orders.client-service.v1:status-changed`), as the event catalogue (`GET /api/webhooks/event-types`,
 * asyncapi.yaml) names them; anything else is refused naming the closest names.
 */
export const WebhookEventFilterSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (WEBHOOK_EVENT_FILTERS.includes(value)) return;
    const closest = closestWebhookEventFilters(value)
      .map((name) => `"${name}"`)
      .join(', ');
    ctx.addIssue({ code: 'custom', message: `"${value}" is not an event type of the catalogue; the closest are ${closest}.` });
  })
  .meta({ description: 'A topic (every event on it) or `topic:type` (one event type), as GET /api/webhooks/event-types lists them.' });

/** Whether an event of `topic` with `type` is one a subscription with these filters wants. */
export function webhookFilterMatches(filters: readonly string[], topic: string, type: string): boolean {
  return filters.some((filter) => filter === topic || filter === `${topic}:${type}`);
}

const eventFilters = z
  .array(WebhookEventFilterSchema)
  .min(1, 'Choose at least one event type')
  .max(50)
  .refine((list) => new Set(list).size === list.length, 'An event type is listed twice');

const webhookUrl = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/, message: 'Enter an http(s) URL' }));

export const CreateWebhookSubscriptionSchema = z.object({
  url: webhookUrl,
  eventTypes: eventFilters,
  description: z.string().trim().max(200).optional(),
  /** Absent: enabled. */
  enabled: z.boolean().optional(),
});
export type CreateWebhookSubscription = z.infer<typeof CreateWebhookSubscriptionSchema>;

/** Every field optional: what is given changes. */
export const UpdateWebhookSubscriptionSchema = z.object({
  url: webhookUrl.optional(),
  eventTypes: eventFilters.optional(),
  description: z.string().trim().max(200).optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookSubscription = z.infer<typeof UpdateWebhookSubscriptionSchema>;

export const WebhookSubscriptionSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  eventTypes: z.array(z.string()),
  description: z.string(),
  enabled: z.boolean(),
  /**
   * Set when the product turned the subscription off itself: a delivery failed for good (every retry over the whole
   * retry window) with no success since it was created. Enabling it again clears it.
   */
  disabledReason: z.string().nullable(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookSubscription = z.infer<typeof WebhookSubscriptionSchema>;

/** A subscription just created: the only answer that shows its signing secret (`whsec_` + base64 of 24 random bytes). */
export const WebhookSubscriptionWithSecretSchema = WebhookSubscriptionSchema.extend({ secret: z.string() });
export type WebhookSubscriptionWithSecret = z.infer<typeof WebhookSubscriptionWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One POST to the subscriber. */
export const WebhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** The first 2 KB of the response body. */
  responseBody: z.string(),
  /** Why there was no 2xx answer: a refused target, a timeout, a network error (null when the subscriber answered). */
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const WebhookDeliverySchema = z.object({
  id: z.uuid(),
  subscriptionId: z.uuid(),
  /** The event id: the `webhook-id` header, the same on every attempt and resend. */
  eventId: z.string(),
  topic: z.string(),
  eventType: z.string(),
  subject: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** The delivery this one resends (null for the first). */
  resendOf: z.uuid().nullable(),
  attemptLog: z.array(WebhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryQuerySchema = z.object({
  page: fromDigits(z.number().int().min(1)).default(1),
  pageSize: fromDigits(z.number().int().min(1).max(200)).default(20),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
});
export type WebhookDeliveryQuery = z.infer<typeof WebhookDeliveryQuerySchema>;

export const WebhookDeliveryPageSchema = z.object({
  items: z.array(WebhookDeliverySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const WebhookEventTypesSchema = z.object({
  /** Each topic and the event types it carries. */
  topics: z.record(z.string(), z.array(z.string())),
  testEventType: z.string(),
});

/** POST …/subscriptions/{id}/replay: the subscription's events again, from a point in time (what Kafka still holds). */
export const ReplayWebhookSchema = z.object({
  from: z.iso
    .datetime({ offset: true, message: 'from must be an ISO 8601 date-time, e.g. 2026-11-25T09:00:00Z.' })
    .refine((value) => Date.parse(value) <= Date.now(), 'from cannot be in the future.'),
});
export type ReplayWebhook = z.infer<typeof ReplayWebhookSchema>;

export const WebhookReplayResultSchema = z.object({
  /** How many events were queued for delivery again. */
  events: z.number().int().min(0),
});
export type WebhookReplayResult = z.infer<typeof WebhookReplayResultSchema>;

export const WEBHOOK_PATHS = {
  subscriptions: '/api/webhooks/subscriptions',
  subscription: (id: string) => `/api/webhooks/subscriptions/${id}`,
  test: (id: string) => `/api/webhooks/subscriptions/${id}/test`,
  replay: (id: string) => `/api/webhooks/subscriptions/${id}/replay`,
  deliveries: (id: string) => `/api/webhooks/subscriptions/${id}/deliveries`,
  resend: (deliveryId: string) => `/api/webhooks/deliveries/${deliveryId}/resend`,
  eventTypes: '/api/webhooks/event-types',
} as const;
