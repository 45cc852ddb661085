import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** An event waiting to be (or already) published; written in the same transaction as the change. */
@Entity({ tableName: 'outbox' })
export class OutboxEvent {
  [OptionalProps]?: 'seq' | 'createdAt' | 'publishedAt' | 'requestId';

  @PrimaryKey({ type: 'bigint', autoincrement: true })
  seq!: string;

  @Property({ type: 'uuid', unique: true })
  id!: string;

  @Property({ type: 'text' })
  topic!: string;

  @Property({ type: 'text', fieldName: 'key' })
  key!: string;

  @Property({ type: 'text' })
  type!: string;

  /** The whole CloudEvents envelope, as it goes on the wire. */
  @Property({ type: 'jsonb', nullable: true })
  payload!: Record<string, unknown> | null;

  /** The request that caused the event, if any: sent as the Kafka header x-request-id, never in the envelope. */
  @Property({ type: 'text', nullable: true })
  requestId?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  publishedAt?: Date | null;
}
