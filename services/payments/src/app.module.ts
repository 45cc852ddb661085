import { Module } from '@nestjs/common';
import { OrderPaymentsModule } from './order-payments/order-payments.module';
import { paymentsPlatform } from './payments.platform';
import { SettlementModule } from './settlement/settlement.module';

/** The payments service: one module per feature. */
@Module({ imports: [paymentsPlatform(), OrderPaymentsModule, SettlementModule] })
export class AppModule {}
