import { DecimalType, Entity, PrimaryKey, Property } from '@mikro-orm/core';

@Entity({ tableName: 'boroughs' })
export class BoroughEntity {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'integer' })
  cityId!: number;

  @Property({ type: 'text' })
  name!: string;

  /** Percent; null: the city's (or a higher level's) rate applies. */
  @Property({ type: new DecimalType('number'), columnType: 'numeric(7,4)', nullable: true })
  taxRate: number | null = null;

  /** Normalised comma list; mirrored row by row in borough_zip_codes, unique per city. */
  @Property({ type: 'text' })
  zipCodes: string = '';

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
