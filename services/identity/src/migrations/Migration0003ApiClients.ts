import { Migration } from '@mikro-orm/migrations';

/** API clients: other systems calling the API with client-credentials tokens. */
export class Migration0003ApiClients extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table api_clients (
      id uuid primary key,
      name text not null,
      scopes text[] not null,
      expires_at timestamptz null,
      secret_id uuid not null,
      secret_hash text not null,
      previous_secret_id uuid null,
      previous_secret_hash text null,
      previous_secret_valid_until timestamptz null,
      created_by uuid not null,
      created_at timestamptz not null default now(),
      revoked_at timestamptz null,
      last_used_at timestamptz null,
      constraint api_clients_scopes_not_empty check (cardinality(scopes) > 0),
      constraint api_clients_previous_complete check (
        (previous_secret_id is null) = (previous_secret_hash is null)
        and (previous_secret_id is null) = (previous_secret_valid_until is null)
      )
    )`);
    this.addSql(`create index api_clients_created_at_idx on api_clients (created_at desc, id)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists api_clients`);
  }
}
