import { Migration } from '@mikro-orm/migrations';

/**
 * The answers kept for `Idempotency-Key` (idempotency.interceptor.ts), in each service's own database: one row
 * per caller and key, the request's fingerprint, and once it has run its status and body.
 */
export const IDEMPOTENCY_SCHEMA_SQL: readonly string[] = [
  `create table if not exists idempotency_keys (
    scope text not null,
    key text not null,
    fingerprint text not null,
    status integer null,
    body text null,
    locked_until timestamptz not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    primary key (scope, key)
  )`,
  `create index if not exists idempotency_keys_expires_idx on idempotency_keys (expires_at)`,
];

export class PlatformMigration0003IdempotencyKeys extends Migration {
  override async up(): Promise<void> {
    for (const sql of IDEMPOTENCY_SCHEMA_SQL) this.addSql(sql);
  }
}
