import { Entity, JsonType, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * The full transaction list of a settled batch, as the provider gave it: a settled batch never changes.
 * Kept per source, the provider (live) or the simulator (simulated), whose batch ids may coincide.
 */
@Entity({ tableName: 'settled_batch_transactions' })
export class SettledBatchCacheEntity {
  @PrimaryKey({ type: 'text' })
  source!: 'live' | 'simulated';

  @PrimaryKey({ type: 'text' })
  batchId!: string;

  @Property({ type: 'integer' })
  total!: number;

  @Property({ type: JsonType, columnType: 'jsonb' })
  transactions!: Record<string, unknown>[];

  @Property({ type: 'timestamptz' })
  fetchedAt: Date = new Date();
}
