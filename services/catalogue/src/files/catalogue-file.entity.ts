import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { UuidEntity } from '@backoffice/platform';

/** An uploaded catalogue image: the bytes live in the file store under its id, the facts here. */
@Entity({ tableName: 'catalogue_files' })
export class CatalogueFileEntity extends UuidEntity {
  [OptionalProps]?: 'createdAt' | 'createdBy';

  /** Sniffed from the bytes, never taken from the client. */
  @Property({ type: 'text' })
  contentType!: 'image/gif' | 'image/jpeg' | 'image/png';

  @Property({ type: 'integer' })
  size!: number;

  @Property({ type: 'text' })
  originalName!: string;

  /** Hex SHA-256 of the bytes; the ETag. */
  @Property({ type: 'text' })
  sha256!: string;

  @Property({ type: 'text', nullable: true })
  createdBy: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
