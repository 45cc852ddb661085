import { DecimalType, Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** The columns every level's table has (countries included): id, name, own tax rate, timestamps. */
export abstract class RegionEntity {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'text' })
  name!: string;

  /** Percent; null: the level has no rate of its own, the one above applies (countries: no rate). */
  @Property({ type: new DecimalType('number'), columnType: 'numeric(7,4)', nullable: true })
  taxRate: number | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

@Entity({ tableName: 'states' })
export class StateEntity extends RegionEntity {
  @Property({ type: 'integer' })
  countryId!: number;

  /** Two letters, upper case; unique within the country. */
  @Property({ type: 'string', columnType: 'char(2)' })
  shortName!: string;
}

@Entity({ tableName: 'cities' })
export class CityEntity extends RegionEntity {
  @Property({ type: 'integer' })
  stateId!: number;

  /** Money, 0 or more. */
  @Property({ type: new DecimalType('number'), columnType: 'numeric(12,2)' })
  shippingFee: number = 0;
}

@Entity({ tableName: 'boroughs' })
export class BoroughEntity extends RegionEntity {
  @Property({ type: 'integer' })
  cityId!: number;

  /** Normalised comma list; mirrored row by row in borough_zip_codes, unique per city. */
  @Property({ type: 'text' })
  zipCodes: string = '';
}

@Entity({ tableName: 'areas' })
export class AreaEntity extends RegionEntity {
  @Property({ type: 'integer' })
  boroughId!: number;

  /** Normalised comma list; mirrored row by row in area_zip_codes, unique per city. */
  @Property({ type: 'text' })
  zipCodes: string = '';
}
