import { randomUUID } from 'node:crypto';

/** CloudEvents fields in JSON; `subject` is the aggregate id and the Kafka key. */
export interface EventEnvelope<T = unknown> {
  specversion: '1.0';
  id: string;
  type: string;
  source: string;
  time: string;
  subject: string;
  datacontenttype: 'application/json';
  data: T;
}

export function envelope<T>(source: string, type: string, subject: string, data: T): EventEnvelope<T> {
  return {
    specversion: '1.0',
    id: randomUUID(),
    type,
    source,
    time: new Date().toISOString(),
    subject,
    datacontenttype: 'application/json',
    data,
  };
}

/** Topic names may carry a prefix (tests isolate themselves with one). */
export function topicName(base: string, prefix = process.env.KAFKA_TOPIC_PREFIX ?? ''): string {
  return `${prefix}${base}`;
}
