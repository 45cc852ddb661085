import { Entity, Property } from '@mikro-orm/core';
import type { BranchType } from '@backoffice/contracts';
import { SerialEntity } from '@backoffice/platform';

/** An office of the business: where appointments are held. */
@Entity({ tableName: 'branches' })
export class BranchEntity extends SerialEntity {
  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  phoneNumber!: string;

  @Property({ type: 'text' })
  address!: string;

  @Property({ type: 'text' })
  type!: BranchType;

  /** ISO 3166-1 numeric code of the branch's country ("840"). */
  @Property({ type: 'text', fieldName: 'country_ccn3' })
  countryCCN3!: string;

  @Property({ type: 'boolean' })
  active: boolean = true;

  @Property({ type: 'double', runtimeType: 'number', nullable: true })
  latitude: number | null = null;

  @Property({ type: 'double', runtimeType: 'number', nullable: true })
  longitude: number | null = null;

  /** IANA time zone of the opening hours and slots. */
  @Property({ type: 'text' })
  timeZone!: string;
}
