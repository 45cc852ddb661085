import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SERVICE_CONFIG } from '@backoffice/platform';
import type { OrdersConfig } from '../orders.config';
import { nextAttemptAt, type RetrySchedule } from './webhook-retry.policy';
import { sendWebhook } from './webhook-sender';
import { webhookHeaders } from './webhook-signature';
import { WebhookStore, type ClaimedDelivery } from './webhook.store';

/** Deliveries sent at once by one worker (each to a different subscription and subject). */
const BATCH = 20;

/**
 * Sends due webhook deliveries: claims them in the database (a lease, so several replicas never send the same
 * one and a crashed worker's claims come back), POSTs each signed, records the attempt, and schedules a
 * retry with backoff or marks it done. Runs every WEBHOOK_POLL_INTERVAL_MS and whenever woken.
 */
@Injectable()
export class WebhookDeliveryWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('WebhookDelivery');
  private readonly schedule: RetrySchedule;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    private readonly store: WebhookStore,
    @Inject(SERVICE_CONFIG) private readonly config: OrdersConfig,
  ) {
    this.schedule = { baseMs: config.WEBHOOK_RETRY_BASE_MS, maxMs: config.WEBHOOK_RETRY_MAX_MS, windowMs: config.WEBHOOK_RETRY_WINDOW_MS };
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.wake(), this.config.WEBHOOK_POLL_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running; // in-flight sends finish (each is bounded by the timeout)
  }

  /** Looks for due deliveries now (new events, a test event, a resend, a finished delivery that unblocks the next). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        const due = await this.store.claimDue(BATCH, this.config.WEBHOOK_CLAIM_LEASE_MS);
        if (due.length === 0 || this.stopped) return;
        await Promise.all(due.map((delivery) => this.deliver(delivery)));
      }
    } catch (error) {
      this.logger.warn(`webhook deliveries paused: ${(error as Error).message}`);
    }
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const at = new Date();
    const result = await sendWebhook(delivery.url, webhookHeaders(delivery.secret, delivery.eventId, delivery.body, at), delivery.body, {
      timeoutMs: this.config.WEBHOOK_TIMEOUT_MS,
      allowPrivate: this.config.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    });
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const attempts = delivery.attempts + 1;
    const next = ok ? null : nextAttemptAt(this.schedule, attempts, delivery.createdAt, new Date());
    const outcome = ok
      ? { status: 'succeeded' as const }
      : next
        ? { status: 'pending' as const, nextAttemptAt: next }
        : { status: 'failed' as const };
    await this.store.recordAttempt(delivery, { ...result, at }, outcome);
    if (!ok) {
      this.logger.warn(
        `webhook ${delivery.eventId} to ${new URL(delivery.url).host}: attempt ${attempts} got ${result.statusCode ?? result.error}; ${
          next ? `next at ${next.toISOString()}` : 'failed'
        }`,
      );
    }
  }
}
