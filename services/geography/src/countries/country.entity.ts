import { Entity, Property } from '@mikro-orm/core';
import { RegionEntity } from '../levels/level.entities';

@Entity({ tableName: 'countries' })
export class CountryEntity extends RegionEntity {
  /** Two letters, upper case; unique over all countries. */
  @Property({ type: 'string', columnType: 'char(2)' })
  shortName!: string;
}
