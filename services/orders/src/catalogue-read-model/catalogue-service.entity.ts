import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export interface ReadModelRequiredFile {
  id: number;
  name: string;
  accept: string;
}

/** The orders service's copy of a catalogue service, fed by catalogue.service.v1 (full state per event). */
@Entity({ tableName: 'catalogue_services' })
export class CatalogueServiceEntity {
  [OptionalProps]?: 'receivedAt';

  /** The catalogue's service id. */
  @PrimaryKey({ type: 'integer', autoincrement: false })
  id!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  deliveryType!: string;

  @Property({ type: 'decimal', columnType: 'numeric(12,2)' })
  price!: string;

  @Property({ type: 'boolean' })
  active!: boolean;

  @Property({ type: 'boolean' })
  physical!: boolean;

  @Property({ type: 'json', columnType: 'jsonb' })
  requiredFiles: ReadModelRequiredFile[] = [];

  /** The catalogue's updatedAt of the state held: an older event never overwrites a newer one. */
  @Property({ type: 'timestamptz' })
  sourceUpdatedAt!: Date;

  @Property({ type: 'timestamptz' })
  receivedAt: Date = new Date();
}
