import { Module } from '@nestjs/common';
import { PlatformModule } from '@backoffice/platform';
import { PAYMENTS_PAYMENT_TOPIC } from '@backoffice/contracts';
import { paymentsConfigSchema } from './payments.config';
import { Migration0001Payments } from './migrations/Migration0001Payments';
import { Migration0002SettlementSource } from './migrations/Migration0002SettlementSource';
import { OrderPaymentEntity } from './order-payments/order-payment.entity';
import { PaymentTransactionEntity } from './order-payments/payment-transaction.entity';
import { OrderPaymentsController } from './order-payments/order-payments.controller';
import { OrderDirectory } from './order-payments/order-directory';
import { OrderPaymentsService } from './order-payments/order-payments.service';
import { SettledBatchCacheEntity } from './settlement/settled-batch-cache.entity';
import { SettlementController } from './settlement/settlement.controller';
import { SettlementStatusController } from './settlement/settlement-status.controller';
import { SettlementService } from './settlement/settlement.service';
import { AuthNetClient } from './settlement/authnet.client';

@Module({
  imports: [
    PlatformModule.forService({
      config: paymentsConfigSchema,
      database: {
        entities: [OrderPaymentEntity, PaymentTransactionEntity, SettledBatchCacheEntity],
        migrations: [
          { name: 'Migration0001Payments', class: Migration0001Payments },
          { name: 'Migration0002SettlementSource', class: Migration0002SettlementSource },
        ],
      },
      outbox: { topics: [{ name: PAYMENTS_PAYMENT_TOPIC }] },
    }),
  ],
  controllers: [OrderPaymentsController, SettlementController, SettlementStatusController],
  providers: [OrderPaymentsService, OrderDirectory, SettlementService, AuthNetClient],
})
export class AppModule {}
