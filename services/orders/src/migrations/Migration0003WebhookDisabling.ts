import { Migration } from '@mikro-orm/migrations';

/** Why and when a subscription was turned off by the product itself (its deliveries failing for good). */
export class Migration0003WebhookDisabling extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table webhook_subscriptions add column disabled_reason text null, add column disabled_at timestamptz null`);
  }
}
