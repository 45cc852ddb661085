import { PAYMENTS_PAYMENT_TOPIC } from '@backoffice/contracts';
import { PlatformModule } from '@backoffice/platform';
import { Migration0001Payments } from './migrations/Migration0001Payments';
import { Migration0002SettlementSource } from './migrations/Migration0002SettlementSource';
import { Migration0003TransactionReference } from './migrations/Migration0003TransactionReference';
import { OrderPaymentEntity } from './order-payments/order-payment.entity';
import { PaymentTransactionEntity } from './order-payments/payment-transaction.entity';
import { paymentsConfigSchema } from './payments.config';
import { SettledBatchCacheEntity } from './settlement/settled-batch-cache.entity';

/** The platform as payments uses it: its config, database (every feature's entities, the migrations) and outbox topic. */
export const paymentsPlatform = () =>
  PlatformModule.forService({
    config: paymentsConfigSchema,
    database: {
      entities: [OrderPaymentEntity, PaymentTransactionEntity, SettledBatchCacheEntity],
      migrations: [
        { name: 'Migration0001Payments', class: Migration0001Payments },
        { name: 'Migration0002SettlementSource', class: Migration0002SettlementSource },
        { name: 'Migration0003TransactionReference', class: Migration0003TransactionReference },
      ],
    },
    outbox: { topics: [{ name: PAYMENTS_PAYMENT_TOPIC }] },
  });
