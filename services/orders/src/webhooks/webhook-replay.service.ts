import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { WEBHOOK_TOPICS } from '@backoffice/contracts';
import { createKafka, SERVICE_CONFIG, UnavailableError, topicName } from '@backoffice/platform';
import type { OrdersConfig } from '../orders.config';
import { WEBHOOK_CONSUMER_GROUP, readEnvelope, webhookBody } from './webhook-events.consumer';
import { WebhookDeliveryWorker } from './webhook-delivery.worker';
import { WebhookStore } from './webhook.store';

/** One partition to read again: from the first offset at or after the replay's time up to where it ended when asked. */
interface Span {
  topic: string;
  base: string;
  partition: number;
  from: bigint;
  end: bigint;
}

/** How long one replay may read before it gives up (the deliveries it queued so far stay). */
const REPLAY_TIMEOUT_MS = 60_000;

/**
 * Replays a subscription's events from a point in time: Kafka's offsets for that time, read by a consumer group of
 * the replay's own (deleted afterwards) up to each partition's end as it was when asked, each matching event queued
 * again for this subscription only. Events the subscription already got go out again with the same webhook-id.
 */
@Injectable()
export class WebhookReplay {
  private readonly logger = new Logger('WebhookReplay');

  constructor(
    private readonly store: WebhookStore,
    private readonly worker: WebhookDeliveryWorker,
    @Inject(SERVICE_CONFIG) private readonly config: OrdersConfig,
  ) {}

  async replay(subscription: { id: string; eventTypes: string[] }, from: Date): Promise<number> {
    const prefix = this.config.KAFKA_TOPIC_PREFIX;
    const wants = (base: string, type: string) =>
      subscription.eventTypes.includes(base) || subscription.eventTypes.includes(`${base}:${type}`);
    const bases = WEBHOOK_TOPICS.filter((base) =>
      subscription.eventTypes.some((filter) => filter === base || filter.startsWith(`${base}:`)),
    );
    const kafka = createKafka(this.config.KAFKA_BROKERS, `${this.config.SERVICE_NAME}-webhooks-replay`);
    const admin = kafka.admin();
    const groupId = `${prefix}${WEBHOOK_CONSUMER_GROUP}.replay.${randomUUID()}`;
    const spans: Span[] = [];
    try {
      await admin.connect();
      const existing = new Set(await admin.listTopics());
      for (const base of bases) {
        const topic = topicName(base, prefix);
        if (!existing.has(topic)) continue;
        const starts = await admin.fetchTopicOffsetsByTimestamp(topic, from.getTime());
        const ends = await admin.fetchTopicOffsets(topic);
        for (const start of starts) {
          const end = BigInt(ends.find((e) => e.partition === start.partition)?.high ?? '0');
          const first = BigInt(start.offset);
          // -1: nothing at or after the time in this partition.
          if (first >= 0n && first < end) spans.push({ topic, base, partition: start.partition, from: first, end });
        }
      }
    } catch (error) {
      await admin.disconnect().catch(() => undefined);
      throw new UnavailableError(`The events could not be read from Kafka (${(error as Error).message}); try again shortly.`);
    }
    if (spans.length === 0) {
      await admin.disconnect().catch(() => undefined);
      return 0;
    }

    const consumer = kafka.consumer({ groupId, sessionTimeout: 15_000, heartbeatInterval: 1_000 });
    const open = new Map(spans.map((span) => [`${span.topic}:${span.partition}`, span]));
    let queued = 0;
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: [...new Set(spans.map((span) => span.topic))], fromBeginning: true });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the replay read for more than ${REPLAY_TIMEOUT_MS / 1000} s`)), REPLAY_TIMEOUT_MS);
        consumer
          .run({
            eachMessage: async ({ topic, partition, message }) => {
              const span = open.get(`${topic}:${partition}`);
              const offset = BigInt(message.offset);
              if (!span || offset < span.from || offset >= span.end) return;
              const body = message.value?.toString('utf8');
              const event = body ? readEnvelope(body) : undefined;
              if (body && event && wants(span.base, event.type)) {
                const delivered = webhookBody(body, span.base, message.offset);
                if (await this.store.addReplayDelivery(subscription.id, { ...event, topic: span.base, body: delivered })) queued++;
              }
              if (offset + 1n >= span.end) {
                open.delete(`${topic}:${partition}`);
                if (open.size === 0) {
                  clearTimeout(timer);
                  resolve();
                }
              }
            },
          })
          .then(() => spans.forEach((span) => consumer.seek({ topic: span.topic, partition: span.partition, offset: String(span.from) })))
          .catch(reject);
      });
    } catch (error) {
      this.logger.warn(`replay of ${subscription.id} stopped after ${queued} events: ${(error as Error).message}`);
      if (queued === 0)
        throw new UnavailableError(`The events could not be read from Kafka (${(error as Error).message}); try again shortly.`);
    } finally {
      await consumer.disconnect().catch(() => undefined);
      await admin.deleteGroups([groupId]).catch(() => undefined);
      await admin.disconnect().catch(() => undefined);
    }
    if (queued > 0) this.worker.wake();
    return queued;
  }
}
