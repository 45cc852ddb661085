import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AuditTrail, changedFields, pageOffset } from '@backoffice/platform';
import type { AuditChange, WebhookAttempt, WebhookDelivery, WebhookDeliveryStatus, WebhookSubscription } from '@backoffice/contracts';
import {
  type AttemptRow,
  type DeliveryRow,
  DELIVERY_COLUMNS,
  type SubscriptionRow,
  SUBSCRIPTION_COLUMNS,
  toAttempt,
  toDelivery,
  toSubscription,
} from './webhook.view';

/** A delivery claimed by the worker, with what it needs to send it. */
export interface ClaimedDelivery {
  id: string;
  eventId: string;
  body: string;
  attempts: number;
  createdAt: Date;
  url: string;
  secret: string;
}

export interface AttemptRecord {
  statusCode: number | null;
  durationMs: number;
  responseBody: string;
  error: string | null;
  at: Date;
}

/** The webhook tables: subscriptions, deliveries (one per event and subscription, and per resend) and their attempts. */
@Injectable()
export class WebhookStore {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditTrail,
  ) {}

  /** A subscription's change in the audit log, in the transaction of the statement that made it. */
  private recordChange(
    em: EntityManager,
    id: string,
    action: AuditChange['action'],
    before?: WebhookSubscription,
    after?: WebhookSubscription,
    note?: string,
  ) {
    this.audit.record(em, [
      { entityType: 'WebhookSubscription', recordId: id, action, fields: changedFields(before, after), ...(note ? { note } : {}) },
    ]);
  }

  // ── Subscriptions ────────────────────────────────────────────────────────────────────────────

  /** Every subscription, or only those `owner` made. */
  async listSubscriptions(owner?: string): Promise<WebhookSubscription[]> {
    const rows = await this.em.execute<SubscriptionRow[]>(
      `select ${SUBSCRIPTION_COLUMNS} from webhook_subscriptions where (?::text is null or created_by = ?) order by created_at, id`,
      [owner ?? null, owner ?? null],
    );
    return rows.map(toSubscription);
  }

  /** A subscription, if it exists (and, given an `owner`, that owner made it). */
  async findSubscription(id: string, owner?: string): Promise<(WebhookSubscription & { secret: string }) | undefined> {
    const [row] = await this.em.execute<SubscriptionRow[]>(
      `select ${SUBSCRIPTION_COLUMNS} from webhook_subscriptions where id = ? and (?::text is null or created_by = ?)`,
      [id, owner ?? null, owner ?? null],
    );
    return row ? { ...toSubscription(row), secret: row.secret } : undefined;
  }

  async insertSubscription(fields: {
    url: string;
    eventTypes: string[];
    description: string;
    enabled: boolean;
    secret: string;
    createdBy: string;
  }): Promise<WebhookSubscription> {
    return this.em.transactional(async (em) => {
      const [row] = await em.execute<SubscriptionRow[]>(
        `insert into webhook_subscriptions (id, url, event_types, description, secret, enabled, created_by)
         values (?, ?, array(select jsonb_array_elements_text(?::jsonb)), ?, ?, ?, ?) returning ${SUBSCRIPTION_COLUMNS}`,
        [randomUUID(), fields.url, JSON.stringify(fields.eventTypes), fields.description, fields.secret, fields.enabled, fields.createdBy],
      );
      const created = toSubscription(row);
      this.recordChange(em, created.id, 'created', undefined, created);
      return created;
    });
  }

  async updateSubscription(
    id: string,
    fields: { url: string; eventTypes: string[]; description: string; enabled: boolean },
  ): Promise<WebhookSubscription | undefined> {
    return this.em.transactional(async (em) => {
      const [previous] = await em.execute<SubscriptionRow[]>(
        `select ${SUBSCRIPTION_COLUMNS} from webhook_subscriptions where id = ? for update`,
        [id],
      );
      const [row] = await em.execute<SubscriptionRow[]>(
        `update webhook_subscriptions set url = ?, event_types = array(select jsonb_array_elements_text(?::jsonb)), description = ?, enabled = ?, updated_at = now(),
         disabled_reason = case when ? then null else disabled_reason end, disabled_at = case when ? then null else disabled_at end
       where id = ? returning ${SUBSCRIPTION_COLUMNS}`,
        [fields.url, JSON.stringify(fields.eventTypes), fields.description, fields.enabled, fields.enabled, fields.enabled, id],
      );
      if (!row || !previous) return undefined;
      const updated = toSubscription(row);
      this.recordChange(em, id, 'updated', toSubscription(previous), updated);
      return updated;
    });
  }

  async deleteSubscription(id: string): Promise<boolean> {
    return this.em.transactional(async (em) => {
      const [row] = await em.execute<SubscriptionRow[]>(
        `delete from webhook_subscriptions where id = ? returning ${SUBSCRIPTION_COLUMNS}`,
        [id],
      );
      if (row) this.recordChange(em, id, 'deleted', toSubscription(row));
      return Boolean(row);
    });
  }

  // ── Deliveries ───────────────────────────────────────────────────────────────────────────────

  /**
   * One pending delivery of an event for each enabled subscription that wants it and existed when it happened.
   * A repeat of the same event (Kafka redelivers after a crash) adds nothing. Returns how many were added.
   */
  async addEventDeliveries(event: {
    id: string;
    topic: string;
    type: string;
    subject: string;
    time: string;
    body: string;
  }): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>(
      `insert into webhook_deliveries (id, subscription_id, event_id, topic, event_type, subject, body)
       select gen_random_uuid(), s.id, ?, ?, ?, ?, ? from webhook_subscriptions s
       where s.enabled and s.created_at <= ?::timestamptz and (? = any(s.event_types) or ? = any(s.event_types))
       order by s.id
       on conflict (subscription_id, event_id) where resend_of is null do nothing
       returning id`,
      [event.id, event.topic, event.type, event.subject, event.body, event.time, event.topic, `${event.topic}:${event.type}`],
    );
    return rows.length;
  }

  /**
   * One event of a replay, for one subscription: a new delivery, marked as a resend of the first delivery of the same
   * event when there was one (receivers see the same webhook-id again).
   */
  async addReplayDelivery(
    subscriptionId: string,
    event: { id: string; topic: string; type: string; subject: string; body: string },
  ): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `insert into webhook_deliveries (id, subscription_id, event_id, topic, event_type, subject, body, resend_of)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, ?,
         (select id from webhook_deliveries where subscription_id = ? and event_id = ? and resend_of is null))
       on conflict (subscription_id, event_id) where resend_of is null do nothing
       returning id`,
      [subscriptionId, event.id, event.topic, event.type, event.subject, event.body, subscriptionId, event.id],
    );
    return rows.length > 0;
  }

  /**
   * A replay in the audit log, once its deliveries are queued (each was queued as Kafka handed its event over;
   * they are the delivery queue, not data anyone edits).
   */
  async recordReplay(subscriptionId: string, from: Date, events: number): Promise<void> {
    if (!events) return;
    await this.em.transactional(async (em) =>
      this.recordChange(
        em,
        subscriptionId,
        'updated',
        undefined,
        undefined,
        `${events} event(s) since ${from.toISOString()} queued again (replay).`,
      ),
    );
  }

  /** A delivery outside the event stream (a test event, a resend). */
  async addDelivery(fields: {
    subscriptionId: string;
    eventId: string;
    topic: string;
    eventType: string;
    subject: string;
    body: string;
    resendOf?: string;
  }): Promise<WebhookDelivery> {
    const row = await this.em.transactional(async (em) => {
      const note = fields.resendOf ? `Delivery ${fields.resendOf} resent.` : 'Test event sent.';
      this.recordChange(em, fields.subscriptionId, 'updated', undefined, undefined, note);
      const [inserted] = await em.execute<DeliveryRow[]>(
        `insert into webhook_deliveries (id, subscription_id, event_id, topic, event_type, subject, body, resend_of)
       values (?, ?, ?, ?, ?, ?, ?, ?) returning ${DELIVERY_COLUMNS}`,
        [
          randomUUID(),
          fields.subscriptionId,
          fields.eventId,
          fields.topic,
          fields.eventType,
          fields.subject,
          fields.body,
          fields.resendOf ?? null,
        ],
      );
      return inserted;
    });
    return this.withAttempts([row]).then(([delivery]) => delivery);
  }

  async findDeliveryForResend(
    id: string,
  ): Promise<{ subscriptionId: string; eventId: string; topic: string; eventType: string; subject: string; body: string } | undefined> {
    const [row] = await this.em.execute<
      { subscription_id: string; event_id: string; topic: string; event_type: string; subject: string; body: string }[]
    >(`select subscription_id, event_id, topic, event_type, subject, body from webhook_deliveries where id = ?`, [id]);
    return row
      ? {
          subscriptionId: row.subscription_id,
          eventId: row.event_id,
          topic: row.topic,
          eventType: row.event_type,
          subject: row.subject,
          body: row.body,
        }
      : undefined;
  }

  async listDeliveries(
    subscriptionId: string,
    page: number,
    pageSize: number,
    status?: WebhookDeliveryStatus,
  ): Promise<{ items: WebhookDelivery[]; total: number }> {
    const filter = status ? ' and status = ?' : '';
    const params = status ? [subscriptionId, status] : [subscriptionId];
    const [rows, [count]] = await Promise.all([
      this.em.execute<DeliveryRow[]>(
        `select ${DELIVERY_COLUMNS} from webhook_deliveries where subscription_id = ?${filter} order by seq desc limit ? offset ?`,
        [...params, pageSize, pageOffset(page, pageSize)],
      ),
      this.em.execute<{ total: string }[]>(`select count(*) as total from webhook_deliveries where subscription_id = ?${filter}`, params),
    ]);
    return { items: await this.withAttempts(rows), total: Number(count.total) };
  }

  /**
   * Claims up to `limit` due deliveries for this worker. Only the oldest pending delivery of each subscription and
   * subject is due: a later event about the same thing waits until the earlier one succeeded or failed for good.
   * Deliveries of disabled subscriptions wait until they are enabled again.
   */
  async claimDue(limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    const rows = await this.em.execute<
      { id: string; event_id: string; body: string; attempts: number; created_at: Date | string; url: string; secret: string }[]
    >(
      `with due as (
         select d.id from webhook_deliveries d
         join webhook_subscriptions s on s.id = d.subscription_id and s.enabled
         where d.status = 'pending' and d.next_attempt_at <= now() and (d.locked_until is null or d.locked_until < now())
           and not exists (
             select 1 from webhook_deliveries e
             where e.subscription_id = d.subscription_id and e.subject = d.subject and e.status = 'pending' and e.seq < d.seq)
         order by d.seq
         limit ?
         for update of d skip locked
       )
       update webhook_deliveries w set locked_until = now() + make_interval(secs => ?::float8 / 1000)
       from due, webhook_subscriptions s
       where w.id = due.id and s.id = w.subscription_id
       returning w.id, w.event_id, w.body, w.attempts, w.created_at, s.url, s.secret`,
      [limit, leaseMs],
    );
    return rows.map((r) => ({
      id: r.id,
      eventId: r.event_id,
      body: r.body,
      attempts: r.attempts,
      createdAt: new Date(r.created_at),
      url: r.url,
      secret: r.secret,
    }));
  }

  /** Records an attempt and the delivery's new state in one statement: succeeded, pending until `nextAttemptAt`, or failed. */
  async recordAttempt(
    delivery: ClaimedDelivery,
    attempt: AttemptRecord,
    outcome: { status: 'succeeded' | 'failed' } | { status: 'pending'; nextAttemptAt: Date },
  ): Promise<void> {
    const next = outcome.status === 'pending' ? outcome.nextAttemptAt : null;
    await this.em.execute(
      `with updated as (
         update webhook_deliveries set status = ?, attempts = attempts + 1, last_status_code = ?, next_attempt_at = ?,
           locked_until = null, completed_at = case when ? = 'pending' then null else now() end
         where id = ? returning id, attempts)
       insert into webhook_attempts (delivery_id, attempt, at, status_code, duration_ms, response_body, error)
       select id, attempts, ?, ?, ?, ?, ? from updated`,
      [
        outcome.status,
        attempt.statusCode,
        next,
        outcome.status,
        delivery.id,
        attempt.at,
        attempt.statusCode,
        attempt.durationMs,
        attempt.responseBody,
        attempt.error,
      ],
    );
    if (outcome.status === 'failed') await this.disableIfFailingForGood(delivery.id);
  }

  /**
   * A delivery that failed for good, with no delivery of its subscription succeeding since it was created, means the
   * receiver has been failing for the whole retry window: the subscription is turned off, saying why, until someone
   * enables it again (its pending deliveries wait meanwhile).
   */
  private async disableIfFailingForGood(deliveryId: string): Promise<void> {
    await this.em.execute(
      `update webhook_subscriptions s set enabled = false, disabled_at = now(),
         disabled_reason = 'Turned off: deliveries failed for the whole retry window (last answer: ' ||
           coalesce(d.last_status_code::text, 'none') || '). Enable it again once the receiver answers.'
       from webhook_deliveries d
       where d.id = ? and s.id = d.subscription_id and s.enabled
         and not exists (select 1 from webhook_deliveries ok
                         where ok.subscription_id = d.subscription_id and ok.status = 'succeeded' and ok.completed_at >= d.created_at)`,
      [deliveryId],
    );
  }

  private async withAttempts(rows: DeliveryRow[]): Promise<WebhookDelivery[]> {
    if (rows.length === 0) return [];
    const attempts = await this.em.execute<AttemptRow[]>(
      `select delivery_id, attempt, at, status_code, duration_ms, response_body, error from webhook_attempts
       where delivery_id in (select jsonb_array_elements_text(?::jsonb)::uuid) order by delivery_id, attempt`,
      [JSON.stringify(rows.map((r) => r.id))],
    );
    const log = new Map<string, WebhookAttempt[]>();
    for (const a of attempts) {
      const list = log.get(a.delivery_id) ?? [];
      list.push(toAttempt(a));
      log.set(a.delivery_id, list);
    }
    return rows.map((r) => toDelivery(r, log.get(r.id) ?? []));
  }
}
