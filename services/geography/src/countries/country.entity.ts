import { Entity, Property } from '@mikro-orm/core';
import { RegionRow } from '../levels/level.entities';

@Entity({ tableName: 'countries' })
export class CountryEntity extends RegionRow {
  /** Two letters, upper case; unique over all countries. */
  @Property({ type: 'string', columnType: 'char(2)' })
  shortName!: string;
}
