import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** A required-document definition: what a client must provide for a service, and in which formats. */
@Entity({ tableName: 'service_files' })
export class ServiceFileEntity {
  [OptionalProps]?: 'accept' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  name!: string;

  /** Comma list of image, pdf, sheet, zip; empty means any type. */
  @Property({ type: 'text' })
  accept: string = '';

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
