import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  fromCents,
  invoiceNumberOf,
  toCents,
  PAYMENTS_PAYMENT_TOPIC,
  type OrderPayment,
  type PaymentEventData,
  type PaymentTransaction,
  type RecordPayment,
} from '@backoffice/contracts';
import { ConflictError, DomainError, NotFoundError, OutboxService } from '@backoffice/platform';
import { OrderPaymentEntity } from './order-payment.entity';
import { PaymentTransactionEntity } from './payment-transaction.entity';
import { orderBalanceCents, paymentRefusal, paymentStanding, referenceOutcome, transactionRefusal } from './payment-status.policy';
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

/** Money that would not add up (422): the message names the balance, the field error the amount refused. */
class MoneyRefusedError extends DomainError {
  constructor(code: string, message: string, path: string) {
    super(code, message, 422, [{ path, message }]);
  }
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

  /** The transaction recorded under a provider's reference, whichever payment of that merchant holds it. */
  private async findByReference(em: EntityManager, merchant: string, reference: string): Promise<PaymentTransactionEntity | null> {
    const candidates = await em.find(PaymentTransactionEntity, { reference }, { orderBy: { createdAt: 'asc' } });
    if (candidates.length === 0) return null;
    const payments = await em.find(OrderPaymentEntity, { id: { $in: candidates.map((t) => t.paymentId) }, merchant });
    return candidates.find((t) => payments.some((p) => p.id === t.paymentId)) ?? null;
  }

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

  /**
   * Opens a payment (with an optional first transaction), adds a transaction to one, or moves a transaction already
   * recorded under its reference forward (Authorized → Captured); one event per change. A transaction's reference
   * is the provider's id: unique per merchant, so reporting it again finds the transaction already recorded.
   */
  async record(input: RecordPayment): Promise<RecordResult> {
    // Orders are never deleted, so an order that exists now still exists when the payment commits.
    const orderTotal = await this.orders.total(input.orderId);
    return this.em.transactional(async (em) => {
      // One change at a time per order, so two payments racing cannot both fit in its balance.
      await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`payments.order:${input.orderId}`]);
      let payment: OrderPaymentEntity | null = null;
      if (input.paymentId) {
        payment = await em.findOne(OrderPaymentEntity, { id: input.paymentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!payment) throw new NotFoundError('Payment', input.paymentId);
        if (payment.orderId !== input.orderId)
          throw new ConflictError(`Payment ${payment.id} belongs to another order.`, 'payment_order_mismatch');
      }

      const reported = input.transaction;
      const reference = reported?.reference ?? null;
      const merchant = payment?.merchant ?? input.merchant!;
      let recorded: PaymentTransactionEntity | null = null;
      if (reported && reference) {
        // One reference at a time per merchant, across orders too.
        await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`payments.reference:${merchant}:${reference}`]);
        recorded = await this.findByReference(em, merchant, reference);
        if (recorded) {
          const owner = await em.findOneOrFail(OrderPaymentEntity, { id: recorded.paymentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
          if (owner.orderId !== input.orderId || (payment && payment.id !== owner.id)) {
            throw new ConflictError(
              `Transaction ${reference} of ${merchant} is already recorded on payment ${owner.id} of order ${owner.orderId}.`,
              'transaction_reference_conflict',
            );
          }
          payment = owner;
        }
      }

      let type: 'created' | 'transaction-added' | 'transaction-updated';
      if (!payment) {
        const others = await em.find(OrderPaymentEntity, { orderId: input.orderId });
        if (orderTotal !== null) {
          const balance = orderBalanceCents(orderTotal, others);
          const refusal = paymentRefusal(input.amount!, orderTotal, balance);
          if (refusal) throw new MoneyRefusedError('payment_exceeds_balance', refusal, 'amount');
        }
        payment = Object.assign(new OrderPaymentEntity(), {
          id: randomUUID(),
          orderId: input.orderId,
          invoiceNumber: invoiceNumberOf(input.orderId),
          merchant,
          amount: input.amount!,
        });
        // Flushed first: its transactions reference it and the ORM knows no relation to order the inserts by.
        await em.persist(payment).flush();
        type = 'created';
      } else {
        type = 'transaction-added';
      }

      const existing = await em.find(PaymentTransactionEntity, { paymentId: payment.id }, { orderBy: { paidOn: 'asc', id: 'asc' } });
      let added: PaymentTransactionEntity | null = null;
      if (reported && recorded) {
        const same = recorded;
        const outcome = referenceOutcome(same, reported);
        if (outcome === 'repeat') return { payment: toPayment(payment, existing), created: false };
        if (outcome === 'conflict') {
          throw new ConflictError(
            `Transaction ${reference} is already recorded as ${same.status} of ${same.amount.toFixed(2)}; ` +
              `it may only move forward (Authorized → Captured, Settled, Voided or Declined, for at most its amount; Captured → Settled).`,
            'transaction_reference_conflict',
          );
        }
        const others = existing.filter((t) => t.id !== same.id);
        const refusal = transactionRefusal(payment.amount, others, reported);
        if (refusal) throw new MoneyRefusedError('transaction_exceeds_payment', refusal, 'transaction.amount');
        added = existing.find((t) => t.id === same.id)!;
        Object.assign(added, {
          status: reported.status,
          amount: reported.amount,
          paidOn: reported.paidOn ? new Date(reported.paidOn) : new Date(),
        });
        existing.sort((a, b) => a.paidOn.getTime() - b.paidOn.getTime());
        type = 'transaction-updated';
      } else if (reported) {
        const refusal = transactionRefusal(payment.amount, existing, reported);
        if (refusal) throw new MoneyRefusedError('transaction_exceeds_payment', refusal, 'transaction.amount');
        added = Object.assign(new PaymentTransactionEntity(), {
          id: randomUUID(),
          paymentId: payment.id,
          status: reported.status,
          amount: reported.amount,
          paidOn: reported.paidOn ? new Date(reported.paidOn) : new Date(),
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
      const orderPaidCents = others.reduce((sum, p) => sum + toCents(p.paidAmount), toCents(payment.paidAmount));
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
          orderPaidTotal: fromCents(orderPaidCents),
          transaction: added ? toTransaction(added) : null,
          paidAt: payment.paidAt ? payment.paidAt.toISOString() : null,
        },
      });
      return { payment: view, created: true };
    });
  }
}
