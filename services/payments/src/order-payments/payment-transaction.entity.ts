import { DecimalType, Entity, PrimaryKey, Property } from '@mikro-orm/core';
import type { PaymentTransactionStatus } from '@backoffice/contracts';

@Entity({ tableName: 'payment_transactions' })
export class PaymentTransactionEntity {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'uuid' })
  paymentId!: string;

  @Property({ type: 'text' })
  status!: PaymentTransactionStatus;

  @Property({ type: new DecimalType('number'), columnType: 'numeric(12,2)' })
  amount!: number;

  @Property({ type: 'timestamptz' })
  paidOn!: Date;

  @Property({ type: 'text', nullable: true })
  reference: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
