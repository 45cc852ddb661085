import { Module } from '@nestjs/common';
import { PaymentEventsConsumer } from './payment-events.consumer';
import { PaymentEvents } from './payment-events.service';

/** Payments of orders (payments.payment.v1): an order whose payments cover it becomes Paid. */
@Module({ controllers: [PaymentEventsConsumer], providers: [PaymentEvents] })
export class PaymentsModule {}
