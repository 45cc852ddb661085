import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** One line of an order: a catalogue service, its price when ordered, and the quantity. */
@Entity({ tableName: 'order_items' })
export class OrderItemEntity {
  [OptionalProps]?: 'jsonData';

  @PrimaryKey({ type: 'uuid' })
  orderId!: string;

  /** The catalogue service id. */
  @PrimaryKey({ type: 'integer' })
  itemId!: number;

  @Property({ type: 'smallint' })
  position!: number;

  @Property({ type: 'text' })
  itemName!: string;

  @Property({ type: 'text' })
  itemType!: string;

  /** Unit price. */
  @Property({ type: 'decimal', columnType: 'numeric(12,2)' })
  amount!: string;

  @Property({ type: 'integer' })
  quantity!: number;

  @Property({ type: 'decimal', columnType: 'numeric(12,2)' })
  total!: string;

  @Property({ type: 'json', columnType: 'jsonb' })
  jsonData: Record<string, unknown> = {};
}
