import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes the dashboard's aggregates read instead of the tables: unpaid orders and their total, paid revenue per
 * day (only the last weeks are read), and client services counted by status (and waiting for a provider) — each
 * an index-only scan of what it counts rather than a scan of every order or client service.
 */
export class Migration0004DashboardIndexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index orders_pending_amount_idx on orders (amount) where status = 'Pending'`);
    this.addSql(`create index orders_paid_at_idx on orders (paid_at) include (amount) where status = 'Paid'`);
    this.addSql(`create index client_services_status_provider_idx on client_services (status, provider_id)`);
  }
}
