import { Migration } from '@mikro-orm/migrations';

/** Webhook subscriptions, one delivery per event and subscription (and per resend), and every attempt of each. */
export class Migration0002Webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table webhook_subscriptions (
      id uuid primary key,
      url text not null,
      event_types text[] not null,
      description text not null default '',
      secret text not null,
      enabled boolean not null default true,
      created_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);

    this.addSql(`create table webhook_deliveries (
      id uuid primary key,
      seq bigserial not null unique,
      subscription_id uuid not null references webhook_subscriptions (id) on delete cascade,
      event_id text not null,
      topic text not null,
      event_type text not null,
      subject text not null,
      body text not null,
      status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz null default now(),
      locked_until timestamptz null,
      last_status_code integer null,
      resend_of uuid null references webhook_deliveries (id) on delete set null,
      created_at timestamptz not null default now(),
      completed_at timestamptz null
    )`);
    // An event is delivered once per subscription (a redelivered Kafka message adds nothing); resends are rows of their own.
    this.addSql(
      `create unique index webhook_deliveries_event_uidx on webhook_deliveries (subscription_id, event_id) where resend_of is null`,
    );
    this.addSql(`create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending'`);
    this.addSql(`create index webhook_deliveries_chain_idx on webhook_deliveries (subscription_id, subject, seq) where status = 'pending'`);
    this.addSql(`create index webhook_deliveries_log_idx on webhook_deliveries (subscription_id, seq desc)`);

    this.addSql(`create table webhook_attempts (
      id bigserial primary key,
      delivery_id uuid not null references webhook_deliveries (id) on delete cascade,
      attempt integer not null,
      at timestamptz not null,
      status_code integer null,
      duration_ms integer not null,
      response_body text not null default '',
      error text null
    )`);
    this.addSql(`create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id, attempt)`);
  }
}
