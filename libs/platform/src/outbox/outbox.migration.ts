import { Migration } from '@mikro-orm/migrations';

const OUTBOX_REQUEST_ID_SQL = `alter table outbox add column if not exists request_id text`;

/** The outbox and inbox tables every service with events has (also used by the relay benchmark). */
export const OUTBOX_SCHEMA_SQL: readonly string[] = [
  `create table if not exists outbox (
    seq bigserial primary key,
    id uuid not null unique,
    topic text not null,
    key text not null,
    type text not null,
    payload jsonb,
    created_at timestamptz not null default now(),
    published_at timestamptz null
  )`,
  // The request an event comes from: a Kafka header, not part of the CloudEvents envelope.
  OUTBOX_REQUEST_ID_SQL,
  `create index if not exists outbox_unpublished_idx on outbox (seq) where published_at is null`,
  `create or replace function outbox_notify() returns trigger language plpgsql as $$
    begin perform pg_notify('outbox', ''); return null; end $$`,
  `drop trigger if exists outbox_notify_trg on outbox`,
  `create trigger outbox_notify_trg after insert on outbox for each statement execute function outbox_notify()`,
  `create table if not exists inbox (
    consumer text not null,
    event_id uuid not null,
    handled_at timestamptz not null default now(),
    primary key (consumer, event_id)
  )`,
];

export class PlatformMigration0001Outbox extends Migration {
  override async up(): Promise<void> {
    for (const sql of OUTBOX_SCHEMA_SQL) this.addSql(sql);
  }
}

/** Databases made before the outbox recorded the request of each event (the column is in OUTBOX_SCHEMA_SQL too). */
export class PlatformMigration0002OutboxRequestId extends Migration {
  override async up(): Promise<void> {
    this.addSql(OUTBOX_REQUEST_ID_SQL);
  }
}
