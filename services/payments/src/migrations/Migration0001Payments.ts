import { Migration } from '@mikro-orm/migrations';

/**
 * Order payments and their transactions. A transaction's provider reference is recorded once per
 * payment (a repeated storefront call changes nothing). Settled transaction lists are cached per
 * batch: a settled batch never changes.
 */
export class Migration0001Payments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table order_payments (
      id uuid primary key,
      order_id uuid not null,
      invoice_number text not null,
      merchant text not null check (length(merchant) between 1 and 100),
      amount numeric(12,2) not null check (amount > 0),
      paid_amount numeric(12,2) not null default 0,
      status text not null check (status in ('Pending', 'PartiallyPaid', 'Paid', 'Refunded')),
      paid_at timestamptz null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    this.addSql(`create index order_payments_order_idx on order_payments (order_id, created_at)`);
    this.addSql(`create index order_payments_invoice_idx on order_payments (invoice_number)`);

    this.addSql(`create table payment_transactions (
      id uuid primary key,
      payment_id uuid not null references order_payments (id) on delete cascade,
      status text not null check (status in ('Authorized', 'Captured', 'Settled', 'Declined', 'Voided', 'Refunded')),
      amount numeric(12,2) not null check (amount > 0),
      paid_on timestamptz not null,
      reference text null,
      created_at timestamptz not null default now()
    )`);
    this.addSql(`create index payment_transactions_payment_idx on payment_transactions (payment_id, paid_on)`);
    this.addSql(
      `create unique index payment_transactions_reference_uq on payment_transactions (payment_id, reference) where reference is not null`,
    );

    this.addSql(`create table settled_batch_transactions (
      batch_id text primary key,
      total integer not null,
      transactions jsonb not null,
      fetched_at timestamptz not null default now()
    )`);
  }
}
