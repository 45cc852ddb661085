import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  invoiceNumberOf,
  PAYMENTS_PAYMENT_TOPIC,
  type OrderPayment,
  type PaymentEventData,
  type PaymentTransaction,
  type RecordPayment,
} from '@backoffice/contracts';
import { ConflictError, NotFoundError, OutboxService } from '@backoffice/platform';
import { OrderPaymentEntity } from './order-payment.entity';
import { PaymentTransactionEntity } from './payment-transaction.entity';
import { paymentStanding } from './payment-status.policy';
import { OrderDirectory } from './order-directory.client';

export function toTransaction(row: PaymentTransactionEntity): PaymentTransaction {
  return { id: row.id, status: row.status, amount: row.amount, paidOn: row.paidOn.toISOString(), reference: row.reference };
}

export function toPayment(row: OrderPaymentEntity, transactions: PaymentTransactionEntity[]): OrderPayment {
  return {
    id: row.id,
    orderId: row.orderId,
    invoiceNumber: row.invoiceNumber,
    paid: row.status === 'Paid',
    amount: row.amount,
    paidAmount: row.paidAmount,
    merchant: row.merchant,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    transactions: transactions.map(toTransaction),
  };
}

export interface RecordResult {
  payment: OrderPayment;
  /** false when the call repeated a transaction already recorded (nothing changed, no event). */
  created: boolean;
}

@Injectable()
export class OrderPaymentsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly orders: OrderDirectory,
  ) {}

  /** The order's payments; an order without any is checked to exist (404 otherwise). */
  async listForOrder(orderId: string): Promise<OrderPayment[]> {
    const payments = await this.em.find(OrderPaymentEntity, { orderId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    if (payments.length === 0) {
      await this.orders.assertExists(orderId);
      return [];
    }
    const transactions = await this.em.find(
      PaymentTransactionEntity,
      { paymentId: { $in: payments.map((p) => p.id) } },
      { orderBy: { paidOn: 'asc', id: 'asc' } },
    );
    return payments.map((p) =>
      toPayment(
        p,
        transactions.filter((t) => t.paymentId === p.id),
      ),
    );
  }

  /** Opens a payment (with an optional first transaction) or adds a transaction to one; one event per change. */
  async record(input: RecordPayment): Promise<RecordResult> {
    // Orders are never deleted, so an order that exists now still exists when the payment commits.
    await this.orders.assertExists(input.orderId);
    return this.em.transactional(async (em) => {
      let payment: OrderPaymentEntity;
      let type: 'created' | 'transaction-added';
      if (input.paymentId) {
        const found = await em.findOne(OrderPaymentEntity, { id: input.paymentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!found) throw new NotFoundError('Payment', input.paymentId);
        if (found.orderId !== input.orderId)
          throw new ConflictError(`Payment ${found.id} belongs to another order.`, 'payment_order_mismatch');
        payment = found;
        type = 'transaction-added';
      } else {
        payment = Object.assign(new OrderPaymentEntity(), {
          id: randomUUID(),
          orderId: input.orderId,
          invoiceNumber: invoiceNumberOf(input.orderId),
          merchant: input.merchant!,
          amount: input.amount!,
        });
        // Flushed first: its transactions reference it and the ORM knows no relation to order the inserts by.
        await em.persist(payment).flush();
        type = 'created';
      }

      const existing = await em.find(PaymentTransactionEntity, { paymentId: payment.id }, { orderBy: { paidOn: 'asc', id: 'asc' } });
      let added: PaymentTransactionEntity | null = null;
      if (input.transaction) {
        const reference = input.transaction.reference ?? null;
        const repeated = reference ? existing.find((t) => t.reference === reference) : undefined;
        if (repeated) {
          if (repeated.status !== input.transaction.status || repeated.amount !== input.transaction.amount) {
            throw new ConflictError(
              `Transaction ${reference} is already recorded with another status or amount.`,
              'transaction_reference_conflict',
            );
          }
          return { payment: toPayment(payment, existing), created: false };
        }
        added = Object.assign(new PaymentTransactionEntity(), {
          id: randomUUID(),
          paymentId: payment.id,
          status: input.transaction.status,
          amount: input.transaction.amount,
          paidOn: input.transaction.paidOn ? new Date(input.transaction.paidOn) : new Date(),
          reference,
        });
        em.persist(added);
        existing.push(added);
        existing.sort((a, b) => a.paidOn.getTime() - b.paidOn.getTime());
      }

      const standing = paymentStanding(payment.amount, existing);
      Object.assign(payment, { paidAmount: standing.paidAmount, status: standing.status, paidAt: standing.paidAt });
      await em.flush();

      const others = await em.find(OrderPaymentEntity, { orderId: payment.orderId, id: { $ne: payment.id } });
      const orderPaidCents = others.reduce((sum, p) => sum + Math.round(p.paidAmount * 100), Math.round(payment.paidAmount * 100));
      const view = toPayment(payment, existing);
      this.outbox.add<PaymentEventData>(em, {
        topic: PAYMENTS_PAYMENT_TOPIC,
        type,
        subject: payment.orderId,
        data: {
          paymentId: payment.id,
          orderId: payment.orderId,
          invoiceNumber: payment.invoiceNumber,
          merchant: payment.merchant,
          amount: payment.amount,
          paidAmount: payment.paidAmount,
          paid: view.paid,
          status: payment.status,
          orderPaidTotal: orderPaidCents / 100,
          transaction: added ? toTransaction(added) : null,
          paidAt: payment.paidAt ? payment.paidAt.toISOString() : null,
        },
      });
      return { payment: view, created: true };
    });
  }
}
