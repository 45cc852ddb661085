import { ORDERS_CLIENT_SERVICE_TOPIC, ORDERS_ORDER_TOPIC } from '@backoffice/contracts';
import { PlatformModule } from '@backoffice/platform';
import { CatalogueServiceEntity } from './catalogue-read-model/catalogue-service.entity';
import { ClientServiceFileEntity } from './client-services/client-service-file.entity';
import { ClientServiceEntity } from './client-services/client-service.entity';
import { ServiceTransactionEntity } from './client-services/service-transaction.entity';
import { Migration0001Orders } from './migrations/Migration0001Orders';
import { Migration0002Webhooks } from './migrations/Migration0002Webhooks';
import { Migration0003WebhookDisabling } from './migrations/Migration0003WebhookDisabling';
import { Migration0004DashboardIndexes } from './migrations/Migration0004DashboardIndexes';
import { Migration0005OrderIntakeFingerprint } from './migrations/Migration0005OrderIntakeFingerprint';
import { ordersConfigSchema } from './orders.config';
import { OrderItemEntity } from './orders/order-item.entity';
import { OrderEntity } from './orders/order.entity';

/** The platform as orders uses it: its config, database (every feature's entities, the migrations) and outbox topics. */
export const ordersPlatform = () =>
  PlatformModule.forService({
    config: ordersConfigSchema,
    database: {
      entities: [
        OrderEntity,
        OrderItemEntity,
        ClientServiceEntity,
        ServiceTransactionEntity,
        ClientServiceFileEntity,
        CatalogueServiceEntity,
      ],
      migrations: [
        { name: 'Migration0001Orders', class: Migration0001Orders },
        { name: 'Migration0002Webhooks', class: Migration0002Webhooks },
        { name: 'Migration0003WebhookDisabling', class: Migration0003WebhookDisabling },
        { name: 'Migration0004DashboardIndexes', class: Migration0004DashboardIndexes },
        { name: 'Migration0005OrderIntakeFingerprint', class: Migration0005OrderIntakeFingerprint },
      ],
    },
    outbox: { topics: [{ name: ORDERS_CLIENT_SERVICE_TOPIC }, { name: ORDERS_ORDER_TOPIC }] },
  });
