import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import type { OrderStatus } from '@backoffice/contracts';
import { UuidEntity } from '@backoffice/platform';

/** A client's order, priced at intake (money as numeric(12,2) strings). */
@Entity({ tableName: 'orders' })
export class OrderEntity extends UuidEntity {
  [OptionalProps]?: 'status' | 'createdDate' | 'paidAt' | 'paymentId' | 'county' | 'email' | 'userId' | 'intakeFingerprint';

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  contactInfo!: string;

  @Property({ type: 'text', nullable: true })
  email: string | null = null;

  @Property({ type: 'text' })
  address!: string;

  @Property({ type: 'text' })
  zipCode!: string;

  @Property({ type: 'text' })
  city!: string;

  @Property({ type: 'text' })
  county: string = '';

  @Property({ type: 'text' })
  state!: string;

  @Property({ type: 'text' })
  country!: string;

  @Property({ type: 'uuid', nullable: true })
  userId: string | null = null;

  @Property({ type: 'decimal', columnType: 'numeric(12,2)' })
  subtotal!: string;

  @Property({ type: 'decimal', columnType: 'numeric(12,2)' })
  discount!: string;

  @Property({ type: 'decimal', columnType: 'numeric(7,4)' })
  taxRate!: string;

  @Property({ type: 'decimal', columnType: 'numeric(12,2)' })
  tax!: string;

  @Property({ type: 'decimal', columnType: 'numeric(12,2)' })
  shippingFee!: string;

  @Property({ type: 'decimal', columnType: 'numeric(12,2)' })
  amount!: string;

  @Property({ type: 'text' })
  status: OrderStatus = 'Pending';

  @Property({ type: 'timestamptz' })
  createdDate: Date = new Date();

  /** A SHA-256 of the intake request's body: a client-made id sent again with another body is a conflict, not a retry. */
  @Property({ type: 'text', nullable: true, lazy: true })
  intakeFingerprint: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  paidAt: Date | null = null;

  @Property({ type: 'text', nullable: true })
  paymentId: string | null = null;
}
