import { Module } from '@nestjs/common';
import { OrderDirectory } from './order-directory.client';
import { OrderPaymentsController } from './order-payments.controller';
import { OrderPaymentsService } from './order-payments.service';

/** Payments of an order and their events (payments.payment.v1). */
@Module({ controllers: [OrderPaymentsController], providers: [OrderPaymentsService, OrderDirectory] })
export class OrderPaymentsModule {}
