import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import type { ClientServiceFileKind } from '@backoffice/contracts';
import { UuidEntity } from '@backoffice/platform';

/** A document the client sent for a client service, or an image of one of its transactions. */
@Entity({ tableName: 'client_service_files' })
export class ClientServiceFileEntity extends UuidEntity {
  [OptionalProps]?: 'requiredFileId' | 'transactionId' | 'createdAt';

  @Property({ type: 'uuid' })
  clientServiceId!: string;

  @Property({ type: 'text' })
  kind!: ClientServiceFileKind;

  @Property({ type: 'integer', nullable: true })
  requiredFileId: number | null = null;

  /** Set when a transaction takes the file; a file belongs to one transaction at most. */
  @Property({ type: 'uuid', nullable: true })
  transactionId: string | null = null;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  contentType!: string;

  @Property({ type: 'integer' })
  size!: number;

  /** The bytes; loaded only when the file itself is asked for. */
  @Property({ type: 'blob', columnType: 'bytea', lazy: true })
  data!: Buffer;

  @Property({ type: 'uuid' })
  uploadedBy!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
