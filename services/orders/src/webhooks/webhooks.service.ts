import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  WEBHOOK_TEST_EVENT_TYPE,
  type CreateWebhookSubscription,
  type Page,
  type UpdateWebhookSubscription,
  type WebhookDelivery,
  type WebhookDeliveryQuery,
  type WebhookSubscription,
  type WebhookSubscriptionWithSecret,
  type WebhookReplayResult,
} from '@backoffice/contracts';
import { ConflictError, InvalidInputError, NotFoundError, SERVICE_CONFIG, toPage } from '@backoffice/platform';
import type { OrdersConfig } from '../orders.config';
import { WebhookDeliveryWorker } from './webhook-delivery.worker';
import { WebhookReplay } from './webhook-replay.service';
import { newWebhookSecret } from './webhook-signature';
import { webhookUrlProblem } from './webhook-target.policy';
import { WebhookStore } from './webhook.store';

/** The source of the test event's envelope. */
const TEST_EVENT_SOURCE = '/webhooks';

/** Webhook subscriptions, their delivery log, test events and resends. */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly store: WebhookStore,
    private readonly worker: WebhookDeliveryWorker,
    private readonly replays: WebhookReplay,
    @Inject(SERVICE_CONFIG) private readonly config: OrdersConfig,
  ) {}

  list(): Promise<WebhookSubscription[]> {
    return this.store.listSubscriptions();
  }

  async get(id: string): Promise<WebhookSubscription> {
    const { secret: _secret, ...subscription } = await this.subscription(id);
    return subscription;
  }

  /** A new subscription and its signing secret (shown only in this answer). */
  async create(input: CreateWebhookSubscription, createdBy: string): Promise<WebhookSubscriptionWithSecret> {
    this.checkUrl(input.url);
    const secret = newWebhookSecret();
    const subscription = await this.store.insertSubscription({
      url: input.url,
      eventTypes: input.eventTypes,
      description: input.description ?? '',
      enabled: input.enabled ?? true,
      secret,
      createdBy,
    });
    return { ...subscription, secret };
  }

  async update(id: string, input: UpdateWebhookSubscription): Promise<WebhookSubscription> {
    const current = await this.subscription(id);
    if (input.url !== undefined) this.checkUrl(input.url);
    const updated = await this.store.updateSubscription(id, {
      url: input.url ?? current.url,
      eventTypes: input.eventTypes ?? current.eventTypes,
      description: input.description ?? current.description,
      enabled: input.enabled ?? current.enabled,
    });
    if (!updated) throw new NotFoundError('Webhook subscription', id);
    if (updated.enabled) this.worker.wake(); // deliveries that waited while it was disabled
    return updated;
  }

  async remove(id: string): Promise<void> {
    if (!(await this.store.deleteSubscription(id))) throw new NotFoundError('Webhook subscription', id);
  }

  /** Sends a `webhook.test` event to the subscription (signed and retried like any other). */
  async sendTest(id: string): Promise<WebhookDelivery> {
    const subscription = await this.subscription(id);
    if (!subscription.enabled)
      throw new ConflictError('The subscription is disabled: enable it to send a test event.', 'subscription_disabled');
    const eventId = randomUUID();
    const body = JSON.stringify({
      specversion: '1.0',
      id: eventId,
      type: WEBHOOK_TEST_EVENT_TYPE,
      source: TEST_EVENT_SOURCE,
      time: new Date().toISOString(),
      subject: subscription.id,
      datacontenttype: 'application/json',
      data: { message: 'A test event: the subscription works.', subscriptionId: subscription.id },
    });
    const delivery = await this.store.addDelivery({
      subscriptionId: id,
      eventId,
      topic: 'webhooks',
      eventType: WEBHOOK_TEST_EVENT_TYPE,
      subject: subscription.id,
      body,
    });
    this.worker.wake();
    return delivery;
  }

  async deliveries(id: string, query: WebhookDeliveryQuery): Promise<Page<WebhookDelivery>> {
    await this.subscription(id);
    const { items, total } = await this.store.listDeliveries(id, query.page, query.pageSize, query.status);
    return toPage(items, total, query);
  }

  /** Sends a delivery's event again as a new delivery (same `webhook-id`, so receivers can tell it is a repeat). */
  /** The subscription's events again from `from` (what Kafka still holds); refused while it is disabled. */
  async replay(id: string, from: Date): Promise<WebhookReplayResult> {
    const subscription = await this.subscription(id);
    if (!subscription.enabled)
      throw new ConflictError('The subscription is disabled: enable it to replay its events.', 'subscription_disabled');
    const events = await this.replays.replay(subscription, from);
    await this.store.recordReplay(id, from, events);
    return { events };
  }

  async resend(deliveryId: string): Promise<WebhookDelivery> {
    const original = await this.store.findDeliveryForResend(deliveryId);
    if (!original) throw new NotFoundError('Webhook delivery', deliveryId);
    const delivery = await this.store.addDelivery({ ...original, resendOf: deliveryId });
    this.worker.wake();
    return delivery;
  }

  private async subscription(id: string) {
    const subscription = await this.store.findSubscription(id);
    if (!subscription) throw new NotFoundError('Webhook subscription', id);
    return subscription;
  }

  private checkUrl(url: string): void {
    const problem = webhookUrlProblem(url, this.config.WEBHOOK_ALLOW_PRIVATE_TARGETS);
    if (problem) throw new InvalidInputError([{ path: 'url', message: problem }]);
  }
}
