import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CatalogueReadModelModule } from './catalogue-read-model/catalogue-read-model.module';
import { ClientServicesModule } from './client-services/client-services.module';
import { OrdersDashboardModule } from './dashboard/dashboard.module';
import { ordersPlatform } from './orders.platform';
import { OrdersModule } from './orders/orders.module';
import { PaymentsModule } from './payments/payments.module';
import { SeedModule } from './seed/seed.module';
import { WebhooksModule } from './webhooks/webhooks.module';

/**
 * The orders service: one module per feature. CqrsModule.forRoot() is global and finds the command, query and
 * event handlers of every feature module; the demo seed comes last so that the handlers are registered first.
 */
@Module({
  imports: [
    ordersPlatform(),
    CqrsModule.forRoot(),
    CatalogueReadModelModule,
    OrdersModule,
    ClientServicesModule,
    PaymentsModule,
    OrdersDashboardModule,
    WebhooksModule,
    SeedModule,
  ],
})
export class AppModule {}
