import { Migration } from '@mikro-orm/migrations';

export class Migration0001Orders extends Migration {
  // Foreign keys are checked at commit: the unit of work may insert a child row before its parent.
  override async up(): Promise<void> {
    this.addSql(`create table orders (
      id uuid primary key,
      name text not null,
      contact_info text not null,
      email text null,
      address text not null,
      zip_code text not null,
      city text not null,
      county text not null default '',
      state text not null,
      country text not null,
      user_id uuid null,
      subtotal numeric(12,2) not null check (subtotal >= 0),
      discount numeric(12,2) not null default 0 check (discount >= 0),
      tax_rate numeric(7,4) not null default 0 check (tax_rate >= 0),
      tax numeric(12,2) not null default 0 check (tax >= 0),
      shipping_fee numeric(12,2) not null default 0 check (shipping_fee >= 0),
      amount numeric(12,2) not null check (amount >= 0),
      status text not null default 'Pending' check (status in ('Pending', 'Paid')),
      created_date timestamptz not null default now(),
      paid_at timestamptz null,
      payment_id text null,
      search_text text generated always as (
        lower(id::text || ' ' || name || ' ' || contact_info || ' ' || coalesce(email, '') || ' ' || address || ' ' ||
          city || ' ' || county || ' ' || state || ' ' || zip_code)
      ) stored
    )`);
    this.addSql(`create index orders_created_idx on orders (created_date desc, id desc)`);
    this.addSql(`create index orders_status_created_idx on orders (status, created_date desc, id desc)`);
    this.addSql(`create index orders_user_idx on orders (user_id) where user_id is not null`);
    // Search is a substring match; a trigram index keeps it fast where the extension is available.
    this.addSql(`do $$ begin
      create extension if not exists pg_trgm;
    exception when others then
      raise notice 'pg_trgm is not available; order search uses a sequential scan';
    end $$`);
    this.addSql(`do $$ begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        execute 'create index orders_search_trgm_idx on orders using gin (search_text gin_trgm_ops)';
      end if;
    end $$`);

    this.addSql(`create table order_items (
      order_id uuid not null references orders (id) on delete cascade deferrable initially deferred,
      item_id integer not null,
      position smallint not null,
      item_name text not null,
      item_type text not null,
      amount numeric(12,2) not null check (amount >= 0),
      quantity integer not null check (quantity > 0),
      total numeric(12,2) not null check (total >= 0),
      json_data jsonb not null default '{}',
      primary key (order_id, item_id)
    )`);

    this.addSql(`create table client_services (
      id uuid primary key,
      order_id uuid not null,
      service_id integer not null,
      user_id uuid null,
      service_name text not null,
      delivery_type text not null,
      branch_id integer null,
      branch_name text null,
      provider_id uuid null,
      provider_name text null,
      status text not null check (status in ('Created', 'Verified', 'Filled', 'Completed', 'Cancelled')),
      created_date timestamptz not null default now(),
      fulfillment_date timestamptz null,
      fulfillment_duration integer null,
      json_data jsonb not null default '{}',
      constraint client_services_item_uq unique (order_id, service_id),
      constraint client_services_item_fk foreign key (order_id, service_id) references order_items (order_id, item_id) deferrable initially deferred
    )`);
    this.addSql(`create index client_services_created_idx on client_services (created_date desc, id desc)`);
    this.addSql(
      `create index client_services_provider_idx on client_services (provider_id, created_date desc) where provider_id is not null`,
    );

    this.addSql(`create table service_transactions (
      id uuid primary key,
      client_service_id uuid not null references client_services (id) deferrable initially deferred,
      service_id integer not null,
      status text not null,
      previous_status text not null,
      note text not null default '',
      files jsonb not null default '[]',
      date timestamptz not null default now(),
      actor_id uuid not null,
      actor_name text not null
    )`);
    this.addSql(`create index service_transactions_cs_idx on service_transactions (client_service_id, date, id)`);

    this.addSql(`create table client_service_files (
      id uuid primary key,
      client_service_id uuid not null references client_services (id) deferrable initially deferred,
      kind text not null check (kind in ('document', 'transaction')),
      required_file_id integer null,
      transaction_id uuid null references service_transactions (id) deferrable initially deferred,
      name text not null,
      content_type text not null,
      size integer not null check (size > 0),
      data bytea not null,
      uploaded_by uuid not null,
      created_at timestamptz not null default now()
    )`);
    this.addSql(`create index client_service_files_cs_idx on client_service_files (client_service_id, created_at)`);

    this.addSql(`create table catalogue_services (
      id integer primary key,
      name text not null,
      delivery_type text not null,
      price numeric(12,2) not null,
      active boolean not null,
      physical boolean not null default false,
      required_files jsonb not null default '[]',
      source_updated_at timestamptz not null,
      received_at timestamptz not null default now()
    )`);
  }
}
