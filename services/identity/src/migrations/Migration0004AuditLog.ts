import { Migration } from '@mikro-orm/migrations';

/**
 * The audit log every service feeds through audit.action.v1: one row per request (the changes of every
 * service it touched), with indexes for the Activity screen's filters and a record's own history.
 */
export class Migration0004AuditLog extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table audit_records (
      id bigserial primary key,
      request_id text null unique,
      occurred_at timestamptz not null,
      actor_id text null,
      actor_name text not null,
      actor_kind text not null,
      action text not null,
      area text not null,
      entity_type text not null,
      record_id text not null,
      subjects text[] not null,
      changes jsonb not null
    )`);
    this.addSql(`create index audit_records_occurred_idx on audit_records (occurred_at desc, id desc)`);
    this.addSql(`create index audit_records_actor_idx on audit_records (actor_id, occurred_at desc)`);
    this.addSql(`create index audit_records_area_idx on audit_records (area, occurred_at desc)`);
    this.addSql(`create index audit_records_subjects_idx on audit_records using gin (subjects)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists audit_records`);
  }
}
