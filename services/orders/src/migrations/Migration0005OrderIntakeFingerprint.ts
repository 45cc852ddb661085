import { Migration } from '@mikro-orm/migrations';

/**
 * What an order's intake request said (a SHA-256 of its body), so the same client-made id sent with another body
 * is told apart from a retry. Orders taken before have none and answer any retry as before.
 */
export class Migration0005OrderIntakeFingerprint extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table orders add column intake_fingerprint text null`);
  }
}
