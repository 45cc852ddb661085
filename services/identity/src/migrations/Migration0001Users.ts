import { Migration } from '@mikro-orm/migrations';

export class Migration0001Users extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table users (
      id uuid primary key,
      name text not null,
      email text not null,
      username text not null,
      password_hash text not null,
      roles text[] not null default '{}',
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    this.addSql(`create unique index users_email_uq on users (lower(email))`);
    this.addSql(`create unique index users_username_uq on users (lower(username))`);
    this.addSql(`create table refresh_tokens (
      id uuid primary key,
      family_id uuid not null,
      user_id uuid not null references users (id) on delete cascade,
      token_hash text not null,
      expires_at timestamptz not null,
      created_at timestamptz not null default now(),
      revoked_at timestamptz null,
      replaced_by uuid null
    )`);
    this.addSql(`create index refresh_tokens_family_idx on refresh_tokens (family_id)`);
    this.addSql(`create index refresh_tokens_user_idx on refresh_tokens (user_id)`);
  }
}
