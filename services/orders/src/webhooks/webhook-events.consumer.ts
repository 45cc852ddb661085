import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Consumer } from 'kafkajs';
import { EVENT_TOPICS, WEBHOOK_TOPICS, webhookEventType } from '@backoffice/contracts';
import { createKafka, ensureTopics, SERVICE_CONFIG, topicName } from '@backoffice/platform';
import type { OrdersConfig } from '../orders.config';
import { WebhookDeliveryWorker } from './webhook-delivery.worker';
import { WebhookStore } from './webhook.store';

/** The webhooks' own consumer group (the stack's topic prefix goes in front): its offsets are its own. */
export const WEBHOOK_CONSUMER_GROUP = 'orders.webhooks';

/** Topics created compacted by their owners; whoever comes first must create them the same way. */
const COMPACTED = new Set<string>(EVENT_TOPICS.filter((doc) => doc.compacted).map((doc) => doc.topic));

interface Envelope {
  id?: unknown;
  type?: unknown;
  subject?: unknown;
  time?: unknown;
}

/**
 * Reads every product topic with its own consumer group (a plain kafkajs consumer: the orders service's Nest
 * Kafka transport belongs to its read models and has another group) and turns each event into one pending
 * delivery per subscription that wants it. The offset is committed only after the deliveries are stored, so a
 * crash redelivers the event and the unique (subscription, event) key keeps it from being doubled.
 */
@Injectable()
export class WebhookEventsConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('WebhookEvents');
  private consumer?: Consumer;
  private closing = false;
  private starting?: Promise<void>;

  constructor(
    private readonly store: WebhookStore,
    private readonly worker: WebhookDeliveryWorker,
    @Inject(SERVICE_CONFIG) private readonly config: OrdersConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.starting = this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    await Promise.race([this.starting, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    await this.consumer?.disconnect().catch(() => undefined);
  }

  private async start(): Promise<void> {
    const prefix = this.config.KAFKA_TOPIC_PREFIX;
    const topics = WEBHOOK_TOPICS.map((base) => ({ base, name: topicName(base, prefix), compacted: COMPACTED.has(base) }));
    const baseOf = new Map(topics.map((t) => [t.name, t.base]));
    const kafka = createKafka(this.config.KAFKA_BROKERS, `${this.config.SERVICE_NAME}-webhooks`);
    for (let attempt = 1; !this.closing; attempt++) {
      try {
        await ensureTopics(kafka, topics);
        const consumer = kafka.consumer({
          groupId: `${prefix}${WEBHOOK_CONSUMER_GROUP}`,
          sessionTimeout: 15_000,
          heartbeatInterval: 1_000,
        });
        this.consumer = consumer;
        await consumer.connect();
        await consumer.subscribe({ topics: topics.map((t) => t.name), fromBeginning: true });
        await consumer.run({
          autoCommit: true,
          eachMessage: async ({ topic, message }) => {
            if (!message.value) return; // a tombstone: its `deleted` event came before it
            const added = await this.intake(baseOf.get(topic) ?? topic, message.value.toString('utf8'), message.offset);
            if (added > 0) this.worker.wake();
          },
        });
        this.logger.log(`webhooks consuming ${topics.length} topics as ${prefix}${WEBHOOK_CONSUMER_GROUP}`);
        return;
      } catch (error) {
        await this.consumer?.disconnect().catch(() => undefined);
        if (this.closing) return;
        const wait = Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));
        this.logger.warn(`webhook consumer not started (${(error as Error).message}); retrying in ${wait / 1000} s`);
        await new Promise((resolve) => setTimeout(resolve, wait).unref());
      }
    }
  }

  /** Stores the deliveries of one event; a message that is not an event envelope is skipped (never retried forever). */
  private async intake(topic: string, body: string, offset: string): Promise<number> {
    const event = readEnvelope(body);
    if (!event) {
      this.logger.warn(`skipped a message on ${topic} that is not an event envelope`);
      return 0;
    }
    return this.store.addEventDeliveries({ ...event, topic, body: webhookBody(body, topic, offset) });
  }
}

/** Digits of a webhook envelope's `sequence`: a Kafka offset (at most 2^63 - 1) or a time in milliseconds, zero-padded. */
const SEQUENCE_DIGITS = 19;

/** A `sequence` attribute from a number: zero-padded, so that comparing the strings compares the numbers. */
export function webhookSequence(value: bigint | number | string): string {
  return String(value).padStart(SEQUENCE_DIGITS, '0');
}

/**
 * What a webhook receiver gets for a Kafka event: its CloudEvents envelope with `type` made unambiguous alone (the
 * topic in front, `orders.order.v1:created`: the name a subscription lists) and the `sequence` extension attribute,
 * the event's Kafka offset zero-padded. Every event of one subject is on one partition in the order it happened, so
 * within a subject a higher sequence is a later event; a resend or a replay carries the event's own sequence again.
 */
export function webhookBody(body: string, topic: string, offset: string): string {
  const event = JSON.parse(body) as Record<string, unknown>;
  return JSON.stringify({ ...event, type: webhookEventType(topic, String(event.type)), sequence: webhookSequence(offset) });
}

/** The fields a delivery needs from a message's CloudEvents envelope, or undefined when it is not one. */
export function readEnvelope(body: string): { id: string; type: string; subject: string; time: string } | undefined {
  let event: Envelope;
  try {
    event = JSON.parse(body) as Envelope;
  } catch {
    return undefined;
  }
  if (typeof event.id !== 'string' || typeof event.type !== 'string' || typeof event.time !== 'string') return undefined;
  const subject = typeof event.subject === 'string' && event.subject ? event.subject : event.id;
  return { id: event.id, type: event.type, subject, time: event.time };
}
