import { Migration } from '@mikro-orm/migrations';

/**
 * Cached settled batches remember where they came from (the provider or the simulator), so a deployment
 * moved from simulated data to real credentials never shows a made-up batch under a real batch id. The
 * rows cached so far cannot say which they were: they are dropped and read again on demand.
 */
export class Migration0002SettlementSource extends Migration {
  override async up(): Promise<void> {
    this.addSql(`delete from settled_batch_transactions`);
    this.addSql(`alter table settled_batch_transactions drop constraint settled_batch_transactions_pkey`);
    this.addSql(`alter table settled_batch_transactions add column source text not null check (source in ('live', 'simulated'))`);
    this.addSql(`alter table settled_batch_transactions add primary key (source, batch_id)`);
  }
}
