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
import { webhookSequence } from './webhook-events.consumer';
import { webhookOwnerFilter, type WebhookCaller } from './webhook-owner.policy';
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

  /** An Admin's list holds every subscription; an API client's only its own. */
  list(caller: WebhookCaller): Promise<WebhookSubscription[]> {
    return this.store.listSubscriptions(webhookOwnerFilter(caller));
  }

  async get(caller: WebhookCaller, id: string): Promise<WebhookSubscription> {
    const { secret: _secret, ...subscription } = await this.subscription(caller, id);
    return subscription;
  }

  /** A new subscription and its signing secret (shown only in this answer), owned by the caller. */
  async create(caller: WebhookCaller, input: CreateWebhookSubscription): Promise<WebhookSubscriptionWithSecret> {
    const createdBy = caller.id;
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

  async update(caller: WebhookCaller, id: string, input: UpdateWebhookSubscription): Promise<WebhookSubscription> {
    const current = await this.subscription(caller, id);
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

  async remove(caller: WebhookCaller, id: string): Promise<void> {
    await this.subscription(caller, id);
    if (!(await this.store.deleteSubscription(id))) throw new NotFoundError('Webhook subscription', id);
  }

  /** Sends a `webhook.test` event to the subscription (signed and retried like any other). */
  async sendTest(caller: WebhookCaller, id: string): Promise<WebhookDelivery> {
    const subscription = await this.subscription(caller, id);
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
      // Test events have no Kafka offset: their sequence is the time they were sent, in milliseconds.
      sequence: webhookSequence(Date.now()),
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

  async deliveries(caller: WebhookCaller, id: string, query: WebhookDeliveryQuery): Promise<Page<WebhookDelivery>> {
    await this.subscription(caller, id);
    const { items, total } = await this.store.listDeliveries(id, query.page, query.pageSize, query.status);
    return toPage(items, total, query);
  }

  /** The subscription's events again from `from` (what Kafka still holds); refused while it is disabled. */
  async replay(caller: WebhookCaller, id: string, from: Date): Promise<WebhookReplayResult> {
    const subscription = await this.subscription(caller, id);
    if (!subscription.enabled)
      throw new ConflictError('The subscription is disabled: enable it to replay its events.', 'subscription_disabled');
    const events = await this.replays.replay(subscription, from);
    await this.store.recordReplay(id, from, events);
    return { events };
  }

  /** Sends a delivery's event again as a new delivery (same `webhook-id`, so receivers can tell it is a repeat). */
  async resend(caller: WebhookCaller, deliveryId: string): Promise<WebhookDelivery> {
    const original = await this.store.findDeliveryForResend(deliveryId);
    const owner = webhookOwnerFilter(caller);
    if (!original || (owner && !(await this.store.findSubscription(original.subscriptionId, owner)))) {
      throw new NotFoundError('Webhook delivery', deliveryId);
    }
    const delivery = await this.store.addDelivery({ ...original, resendOf: deliveryId });
    this.worker.wake();
    return delivery;
  }

  /** The subscription, if the caller may see it (404 otherwise, whether it exists or not). */
  private async subscription(caller: WebhookCaller, id: string) {
    const subscription = await this.store.findSubscription(id, webhookOwnerFilter(caller));
    if (!subscription) throw new NotFoundError('Webhook subscription', id);
    return subscription;
  }

  private checkUrl(url: string): void {
    const problem = webhookUrlProblem(url, this.config.WEBHOOK_ALLOW_PRIVATE_TARGETS);
    if (problem) throw new InvalidInputError([{ path: 'url', message: problem }]);
  }
}
