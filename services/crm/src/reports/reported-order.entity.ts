import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * crm's copy of an order (from orders.order.v1), for the sales agent report: who the client is (the
 * phone and email keys leads are matched by), how much, when, and whether it is paid. A `paid` event
 * that arrives before its `created` leaves a row with only paidAt until the order itself arrives.
 */
@Entity({ tableName: 'reported_orders' })
export class ReportedOrderEntity {
  [OptionalProps]?: 'userId' | 'name' | 'phone' | 'phoneKey' | 'email' | 'emailKey' | 'amount' | 'createdDate' | 'paidAt' | 'receivedAt';

  @PrimaryKey({ type: 'uuid' })
  orderId!: string;

  @Property({ type: 'uuid', nullable: true })
  userId: string | null = null;

  @Property({ type: 'text' })
  name: string = '';

  @Property({ type: 'text' })
  phone: string = '';

  @Property({ type: 'text', nullable: true })
  phoneKey: string | null = null;

  @Property({ type: 'text', nullable: true })
  email: string | null = null;

  @Property({ type: 'text', nullable: true })
  emailKey: string | null = null;

  @Property({ type: 'decimal', columnType: 'numeric(12,2)', nullable: true })
  amount: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  createdDate: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  paidAt: Date | null = null;

  @Property({ type: 'timestamptz' })
  receivedAt: Date = new Date();
}
