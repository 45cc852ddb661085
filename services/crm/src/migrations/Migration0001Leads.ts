import { Migration } from '@mikro-orm/migrations';

/**
 * Leads live in a table partitioned by lead group: an import loads its group into a bare table
 * (no index to maintain row by row), builds the indexes in bulk and attaches it in one transaction,
 * so a group appears whole or not at all. The search indexes of a partition (trigram and prefix)
 * are built right after, concurrently (see GroupPartitions).
 */
export class Migration0001Leads extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm`);

    this.addSql(`create table lead_uploads (
      id serial primary key,
      name text not null,
      stored_name text not null unique,
      size_bytes bigint not null,
      uploaded_by uuid null,
      created_at timestamptz not null default now(),
      extracted boolean not null default false,
      extracted_at timestamptz null,
      error boolean not null default false,
      message text not null default '',
      attempt integer not null default 0,
      job_id text null,
      duplicate_mode text not null default 'flag' check (duplicate_mode in ('flag', 'skip')),
      failed_rows integer not null default 0
    )`);
    this.addSql(`create index lead_uploads_pending_idx on lead_uploads (created_at, id) where not extracted`);

    this.addSql(`create table lead_groups (
      id serial primary key,
      name text not null,
      upload_id integer null unique references lead_uploads (id) on delete set null,
      status text not null default 'importing' check (status in ('importing', 'ready')),
      created_at timestamptz not null default now(),
      lead_count integer not null default 0,
      total_rows integer not null default 0,
      duplicates integer not null default 0,
      skipped_duplicates integer not null default 0,
      failed_rows integer not null default 0,
      last_row integer not null default 0,
      search_indexed boolean not null default false
    )`);
    this.addSql(`create index lead_groups_ready_idx on lead_groups (created_at desc, id desc) where status = 'ready'`);

    this.addSql(`create sequence leads_id_seq as integer`);
    this.addSql(`create table leads (
      id integer not null default nextval('leads_id_seq'),
      group_id integer not null,
      seq integer not null,
      row_number integer not null,
      first_name text not null default '',
      last_name text not null default '',
      work_at text not null default '',
      gender text not null default '',
      current_city text not null default '',
      dob date null,
      email text not null default '',
      email_key text null,
      phone text not null default '',
      phone_key text null,
      ssn_encrypted text null,
      ssn_last4 text null,
      notes text not null default '',
      duplicate boolean not null default false,
      search_text text generated always as (
        lower(first_name || ' ' || last_name || ' ' || email) || ' ' || coalesce(phone_key, '')
      ) stored,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    ) partition by list (group_id)`);
    this.addSql(`alter sequence leads_id_seq owned by leads.id`);
    // Built in bulk when a group's partition is attached.
    this.addSql(`create index leads_id_idx on leads (id)`);
    this.addSql(`create unique index leads_group_seq_uq on leads (group_id, seq)`);
    this.addSql(`create unique index leads_group_row_uq on leads (group_id, row_number)`);

    // One row per phone and email ever imported: duplicate detection across every group.
    // (No index on group_id: only a failed import removes its keys, found from its own leads.)
    this.addSql(`create table lead_keys (
      key text collate "C" primary key,
      group_id integer not null
    )`);

    this.addSql(`create table lead_import_errors (
      upload_id integer not null references lead_uploads (id) on delete cascade,
      row_number integer not null,
      reason text not null,
      cells jsonb not null,
      primary key (upload_id, row_number)
    )`);

    this.addSql(`create table sales_agents (
      user_id uuid primary key,
      name text not null,
      email text not null,
      updated_at timestamptz not null default now()
    )`);

    this.addSql(`create table lead_assignments (
      seq bigserial not null,
      lead_id integer not null,
      group_id integer not null,
      user_id uuid not null references sales_agents (user_id),
      assigned_at timestamptz not null default now(),
      primary key (lead_id, user_id)
    )`);
    this.addSql(`create index lead_assignments_user_idx on lead_assignments (user_id, seq)`);
  }
}
