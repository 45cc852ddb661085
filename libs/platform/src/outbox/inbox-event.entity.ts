import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** An event a consumer has handled; a repeat of the same id is ignored. */
@Entity({ tableName: 'inbox' })
export class InboxEvent {
  @PrimaryKey({ type: 'text' })
  consumer!: string;

  @PrimaryKey({ type: 'uuid' })
  eventId!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  handledAt: Date = new Date();
}
