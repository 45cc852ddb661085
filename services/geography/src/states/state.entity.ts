import { DecimalType, Entity, PrimaryKey, Property } from '@mikro-orm/core';

@Entity({ tableName: 'states' })
export class StateEntity {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'integer' })
  countryId!: number;

  /** Two letters, upper case. */
  @Property({ type: 'string', columnType: 'char(2)' })
  shortName!: string;

  @Property({ type: 'text' })
  name!: string;

  /** Percent; null: the country's rate applies. */
  @Property({ type: new DecimalType('number'), columnType: 'numeric(7,4)', nullable: true })
  taxRate: number | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
