import { Migration } from '@mikro-orm/migrations';

/**
 * The sales agent report: crm's read model of orders (fed by orders.order.v1) and the indexes the
 * report joins on. Assignments are found by time (then agent); each assigned lead's phone and email
 * keys find its orders placed since the assignment.
 */
export class Migration0002SalesAgentReport extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table reported_orders (
      order_id uuid primary key,
      user_id uuid null,
      name text not null default '',
      phone text not null default '',
      phone_key text null,
      email text null,
      email_key text null,
      amount numeric(12,2) null,
      created_date timestamptz null,
      paid_at timestamptz null,
      received_at timestamptz not null default now()
    )`);
    this.addSql(`create index reported_orders_phone_idx on reported_orders (phone_key, created_date) where phone_key is not null`);
    this.addSql(`create index reported_orders_email_idx on reported_orders (email_key, created_date) where email_key is not null`);
    this.addSql(`create index lead_assignments_assigned_at_idx on lead_assignments (assigned_at) include (user_id, lead_id, group_id)`);
  }
}
