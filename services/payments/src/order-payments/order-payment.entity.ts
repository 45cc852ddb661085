import { DecimalType, Entity, PrimaryKey, Property } from '@mikro-orm/core';
import type { PaymentStatus } from '@backoffice/contracts';
import { TimestampedEntity } from '@backoffice/platform';

@Entity({ tableName: 'order_payments' })
export class OrderPaymentEntity extends TimestampedEntity {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'uuid' })
  orderId!: string;

  @Property({ type: 'text' })
  invoiceNumber!: string;

  @Property({ type: 'text' })
  merchant!: string;

  @Property({ type: new DecimalType('number'), columnType: 'numeric(12,2)' })
  amount!: number;

  @Property({ type: new DecimalType('number'), columnType: 'numeric(12,2)' })
  paidAmount: number = 0;

  @Property({ type: 'text' })
  status: PaymentStatus = 'Pending';

  @Property({ type: 'timestamptz', nullable: true })
  paidAt: Date | null = null;
}
