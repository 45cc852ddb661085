import { DecimalType, Entity, PrimaryKey, Property } from '@mikro-orm/core';

@Entity({ tableName: 'cities' })
export class CityEntity {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'integer' })
  stateId!: number;

  @Property({ type: 'text' })
  name!: string;

  /** Money, 0 or more. */
  @Property({ type: new DecimalType('number'), columnType: 'numeric(12,2)' })
  shippingFee: number = 0;

  /** Percent; null: the state's (or country's) rate applies. */
  @Property({ type: new DecimalType('number'), columnType: 'numeric(7,4)', nullable: true })
  taxRate: number | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
