import { Entity, Property } from '@mikro-orm/core';
import type { ClientServiceStatus } from '@backoffice/contracts';
import { UuidEntity } from '@backoffice/platform';

/** A recorded step of a client service: the status it set (or kept), a note and images. */
@Entity({ tableName: 'service_transactions' })
export class ServiceTransactionEntity extends UuidEntity {
  @Property({ type: 'uuid' })
  clientServiceId!: string;

  @Property({ type: 'integer' })
  serviceId!: number;

  @Property({ type: 'text' })
  status!: ClientServiceStatus;

  @Property({ type: 'text' })
  previousStatus!: ClientServiceStatus;

  @Property({ type: 'text' })
  note!: string;

  /** Ids of client service files (kind transaction), in the order given. */
  @Property({ type: 'json', columnType: 'jsonb' })
  files: string[] = [];

  @Property({ type: 'timestamptz' })
  date!: Date;

  @Property({ type: 'uuid' })
  actorId!: string;

  @Property({ type: 'text' })
  actorName!: string;
}
