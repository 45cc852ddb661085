import { Migration } from '@mikro-orm/migrations';

/** A transaction's reference is the provider's id, unique per merchant: looked up by reference across payments. */
export class Migration0003TransactionReference extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index payment_transactions_reference_idx on payment_transactions (reference) where reference is not null`);
  }
}
