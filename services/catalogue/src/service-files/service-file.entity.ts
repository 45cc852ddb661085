import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { SerialEntity } from '@backoffice/platform';

/** A required-document definition: what a client must provide for a service, and in which formats. */
@Entity({ tableName: 'service_files' })
export class ServiceFileEntity extends SerialEntity {
  [OptionalProps]?: 'accept' | 'createdAt' | 'updatedAt';

  @Property({ type: 'text' })
  name!: string;

  /** Comma list of image, pdf, sheet, zip; empty means any type. */
  @Property({ type: 'text' })
  accept: string = '';
}
