import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { OutboxEvent } from './outbox-event.entity';
import { envelope, topicName, type EventEnvelope } from './event-envelope';
import { SERVICE_CONFIG } from '../config/config.token';
import type { BaseConfig } from '../config/service-config';
import { currentLogContext } from '../logging/log-context';

export interface NewEvent<T> {
  /** Base topic, e.g. `orders.client-service.v1`. */
  topic: string;
  type: string;
  /** Aggregate id: the Kafka key, so one aggregate's events stay in order. */
  subject: string;
  /** null publishes a tombstone (compacted topics). */
  data: T | null;
}

/**
 * Writes events into the outbox inside the caller's unit of work: they commit or roll back with the change.
 * The id of the request being handled goes with the row (the relay sends it as a Kafka header).
 */
@Injectable()
export class OutboxService {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: BaseConfig) {}

  add<T>(em: EntityManager, event: NewEvent<T>): EventEnvelope<T | null> {
    const message = envelope(this.config.SERVICE_NAME, event.type, event.subject, event.data);
    const row = em.create(OutboxEvent, {
      id: message.id,
      topic: topicName(event.topic),
      key: event.subject,
      type: event.type,
      payload: event.data === null ? null : (message as unknown as Record<string, unknown>),
      // The request this event comes from (directly, or through the event or job being handled).
      requestId: currentLogContext()?.requestId ?? null,
      createdAt: new Date(),
    });
    em.persist(row);
    return message;
  }

  /**
   * A deletion on a compacted topic, by the one convention every topic follows: a `deleted` event that
   * says what went (subscribers and webhooks see it), then a tombstone (null value) so compaction drops the key.
   */
  deleted<T>(em: EntityManager, event: Omit<NewEvent<T>, 'type' | 'data'> & { data: T }): EventEnvelope<T | null> {
    const message = this.add(em, { ...event, type: 'deleted' });
    this.add(em, { topic: event.topic, type: 'deleted', subject: event.subject, data: null });
    return message;
  }
}
