import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ORDERS_CLIENT_SERVICE_TOPIC, ORDERS_ORDER_TOPIC } from '@backoffice/contracts';
import { PlatformModule } from '@backoffice/platform';
import { ordersConfigSchema } from './orders.config';
import { Migration0001Orders } from './migrations/Migration0001Orders';
import { Order } from './orders/order.entity';
import { OrderItem } from './orders/order-item.entity';
import { ClientService } from './client-services/client-service.entity';
import { ServiceTransactionRecord } from './client-services/service-transaction.entity';
import { ClientServiceFileRecord } from './client-services/client-service-file.entity';
import { CatalogueServiceRow } from './catalogue-read-model/catalogue-service.entity';
import { GeographyClient } from './directory/geography.client';
import { DirectoryClient } from './directory/directory.client';
import { OrderExistenceController } from './orders/order-existence.controller';
import { OrdersController } from './orders/orders.controller';
import { OrdersExport } from './orders/orders-export.service';
import { CreateOrderHandler } from './orders/commands/create-order.handler';
import { MarkOrderPaidHandler } from './orders/commands/mark-order-paid.handler';
import { GetOrderHandler } from './orders/queries/get-order.handler';
import { ListOrdersHandler } from './orders/queries/list-orders.handler';
import { ClientServicesController } from './client-services/client-services.controller';
import { ServiceSubmissionsController } from './client-services/service-submissions.controller';
import { ServiceTransactionsController } from './client-services/service-transactions.controller';
import { ClientServiceStore } from './client-services/client-service.store';
import { ClientServiceFiles } from './client-services/client-service-files.service';
import { ClientServiceEventLog } from './client-services/client-service-event-log.handler';
import { ClientServiceEventOutbox } from './client-services/client-service.events';
import { SubmitOrderItemHandler } from './client-services/commands/submit-order-item.handler';
import { AssignBranchHandler } from './client-services/commands/assign-branch.handler';
import { AssignProviderHandler } from './client-services/commands/assign-provider.handler';
import { ClearBranchHandler } from './client-services/commands/clear-branch.handler';
import { ClearProviderHandler } from './client-services/commands/clear-provider.handler';
import { RecordTransactionHandler } from './client-services/commands/record-transaction.handler';
import { GetClientServiceHandler } from './client-services/queries/get-client-service.handler';
import { ListClientServicesHandler } from './client-services/queries/list-client-services.handler';
import { ListTransactionsHandler } from './client-services/queries/list-transactions.handler';
import { CatalogueReadModel } from './catalogue-read-model/catalogue-read-model.service';
import { CatalogueReadModelRebuild } from './catalogue-read-model/catalogue-read-model.rebuild';
import { CatalogueReadModelController } from './catalogue-read-model/catalogue-read-model.controller';
import { CatalogueServiceConsumer } from './catalogue-read-model/catalogue-service.consumer';
import { DemoOrdersSeed } from './demo/demo-orders.seed';
import { PaymentEvents } from './payments/payment-events.service';
import { PaymentEventsConsumer } from './payments/payment-events.consumer';
import { OrdersDashboardModule } from './dashboard/dashboard.module';
import { Migration0002Webhooks } from './migrations/Migration0002Webhooks';
import { Migration0003WebhookDisabling } from './migrations/Migration0003WebhookDisabling';
import { Migration0004DashboardIndexes } from './migrations/Migration0004DashboardIndexes';
import { WebhooksModule } from './webhooks/webhooks.module';

@Module({
  imports: [
    PlatformModule.forService({
      config: ordersConfigSchema,
      database: {
        entities: [Order, OrderItem, ClientService, ServiceTransactionRecord, ClientServiceFileRecord, CatalogueServiceRow],
        migrations: [
          { name: 'Migration0001Orders', class: Migration0001Orders },
          { name: 'Migration0002Webhooks', class: Migration0002Webhooks },
          { name: 'Migration0003WebhookDisabling', class: Migration0003WebhookDisabling },
          { name: 'Migration0004DashboardIndexes', class: Migration0004DashboardIndexes },
        ],
      },
      outbox: { topics: [{ name: ORDERS_CLIENT_SERVICE_TOPIC }, { name: ORDERS_ORDER_TOPIC }] },
    }),
    CqrsModule.forRoot(),
    OrdersDashboardModule,
    WebhooksModule,
  ],
  controllers: [
    CatalogueReadModelController,
    OrdersController,
    OrderExistenceController,
    ClientServicesController,
    ServiceSubmissionsController,
    ServiceTransactionsController,
    CatalogueServiceConsumer,
    PaymentEventsConsumer,
  ],
  providers: [
    GeographyClient,
    DirectoryClient,
    OrdersExport,
    CreateOrderHandler,
    MarkOrderPaidHandler,
    GetOrderHandler,
    ListOrdersHandler,
    ClientServiceStore,
    ClientServiceFiles,
    ClientServiceEventOutbox,
    ClientServiceEventLog,
    SubmitOrderItemHandler,
    AssignBranchHandler,
    ClearBranchHandler,
    AssignProviderHandler,
    ClearProviderHandler,
    RecordTransactionHandler,
    ListClientServicesHandler,
    GetClientServiceHandler,
    ListTransactionsHandler,
    CatalogueReadModel,
    CatalogueReadModelRebuild,
    DemoOrdersSeed,
    PaymentEvents,
  ],
})
export class AppModule {}
