import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import type { ClientServiceStatus } from '@backoffice/contracts';
import { UuidEntity } from '@backoffice/platform';

/** The state of a submitted order item; changed only through ClientServiceAggregate. */
@Entity({ tableName: 'client_services' })
export class ClientServiceEntity extends UuidEntity {
  [OptionalProps]?: 'branchId' | 'branchName' | 'providerId' | 'providerName' | 'fulfillmentDate' | 'fulfillmentDuration' | 'jsonData';

  @Property({ type: 'uuid' })
  orderId!: string;

  /** The catalogue service id (the order item's itemId). */
  @Property({ type: 'integer' })
  serviceId!: number;

  @Property({ type: 'uuid', nullable: true })
  userId!: string | null;

  @Property({ type: 'text' })
  serviceName!: string;

  @Property({ type: 'text' })
  deliveryType!: string;

  @Property({ type: 'integer', nullable: true })
  branchId: number | null = null;

  @Property({ type: 'text', nullable: true })
  branchName: string | null = null;

  @Property({ type: 'uuid', nullable: true })
  providerId: string | null = null;

  @Property({ type: 'text', nullable: true })
  providerName: string | null = null;

  @Property({ type: 'text' })
  status!: ClientServiceStatus;

  @Property({ type: 'timestamptz' })
  createdDate!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  fulfillmentDate: Date | null = null;

  /** Seconds from creation to completion. */
  @Property({ type: 'integer', nullable: true })
  fulfillmentDuration: number | null = null;

  @Property({ type: 'json', columnType: 'jsonb' })
  jsonData: Record<string, unknown> = {};
}
