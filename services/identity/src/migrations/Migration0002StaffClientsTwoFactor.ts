import { Migration } from '@mikro-orm/migrations';

/** Staff administration (search, role filter, two-factor), client accounts and the security settings. */
export class Migration0002StaffClientsTwoFactor extends Migration {
  override async up(): Promise<void> {
    // Trigram indexes serve the screens' "contains" search (ILIKE '%term%').
    this.addSql(`create extension if not exists pg_trgm`);

    this.addSql(`alter table users
      add column two_factor_secret text null,
      add column two_factor_pending_secret text null,
      add column two_factor_enabled_at timestamptz null,
      add column two_factor_last_step integer null,
      add column deactivated_at timestamptz null`);
    this.addSql(`create index users_roles_idx on users using gin (roles)`);
    this.addSql(`create index users_name_idx on users (name, id)`);
    this.addSql(`create index users_created_at_idx on users (created_at, id)`);
    this.addSql(`create index users_search_idx on users using gin ((name || ' ' || email) gin_trgm_ops)`);

    this.addSql(`create table recovery_codes (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      code_hash text not null,
      created_at timestamptz not null default now(),
      used_at timestamptz null
    )`);
    this.addSql(`create unique index recovery_codes_user_code_uq on recovery_codes (user_id, code_hash)`);

    this.addSql(`create table clients (
      id uuid primary key,
      name text not null,
      email text not null,
      username text not null,
      phone_number text not null,
      pass_code_hash text not null,
      date_created timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint clients_username_is_email check (username = email)
    )`);
    this.addSql(`create unique index clients_email_uq on clients (lower(email))`);
    this.addSql(`create index clients_date_created_idx on clients (date_created, id)`);
    this.addSql(`create index clients_name_idx on clients (name, id)`);
    this.addSql(`create index clients_email_idx on clients (email, id)`);
    this.addSql(`create index clients_search_idx on clients using gin ((name || ' ' || email || ' ' || phone_number) gin_trgm_ops)`);

    this.addSql(`create table identity_settings (
      key text primary key,
      value jsonb not null,
      updated_at timestamptz not null default now(),
      updated_by uuid null
    )`);
  }
}
