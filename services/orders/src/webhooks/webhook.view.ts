import type { WebhookAttempt, WebhookDelivery, WebhookDeliveryStatus, WebhookSubscription } from '@backoffice/contracts';

/* The rows of the webhook tables as the driver answers them, and their mapping to the contract types. */

export interface SubscriptionRow {
  id: string;
  url: string;
  event_types: string[];
  description: string;
  secret: string;
  enabled: boolean;
  disabled_reason: string | null;
  disabled_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface DeliveryRow {
  id: string;
  subscription_id: string;
  event_id: string;
  topic: string;
  event_type: string;
  subject: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: Date | string | null;
  last_status_code: number | null;
  created_at: Date | string;
  completed_at: Date | string | null;
  resend_of: string | null;
}

export interface AttemptRow {
  delivery_id: string;
  attempt: number;
  at: Date | string;
  status_code: number | null;
  duration_ms: number;
  response_body: string;
  error: string | null;
}

/** Timestamps come back from the driver as text or as dates: ISO 8601 either way. */
const iso = (value: Date | string): string => new Date(value).toISOString();

export const toSubscription = (row: SubscriptionRow): WebhookSubscription => ({
  id: row.id,
  url: row.url,
  eventTypes: row.event_types,
  description: row.description,
  enabled: row.enabled,
  disabledReason: row.disabled_reason,
  disabledAt: row.disabled_at ? iso(row.disabled_at) : null,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

export const SUBSCRIPTION_COLUMNS =
  'id, url, event_types, description, secret, enabled, disabled_reason, disabled_at, created_at, updated_at';
export const DELIVERY_COLUMNS =
  'id, subscription_id, event_id, topic, event_type, subject, status, attempts, next_attempt_at, last_status_code, created_at, completed_at, resend_of';

export const toAttempt = (a: AttemptRow): WebhookAttempt => ({
  attempt: a.attempt,
  at: iso(a.at),
  statusCode: a.status_code,
  durationMs: a.duration_ms,
  responseBody: a.response_body,
  error: a.error,
});

export const toDelivery = (r: DeliveryRow, attemptLog: WebhookAttempt[]): WebhookDelivery => ({
  id: r.id,
  subscriptionId: r.subscription_id,
  eventId: r.event_id,
  topic: r.topic,
  eventType: r.event_type,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  nextAttemptAt: r.status === 'pending' && r.next_attempt_at ? iso(r.next_attempt_at) : null,
  lastStatusCode: r.last_status_code,
  createdAt: iso(r.created_at),
  completedAt: r.completed_at ? iso(r.completed_at) : null,
  resendOf: r.resend_of,
  attemptLog,
});
