import { Module } from '@nestjs/common';
import { CatalogueReadModelModule } from '../catalogue-read-model/catalogue-read-model.module';
import { DirectoryModule } from '../directory/directory.module';
import { CreateOrderHandler } from './commands/create-order.handler';
import { MarkOrderPaidHandler } from './commands/mark-order-paid.handler';
import { OrderExistenceController } from './order-existence.controller';
import { OrderRepository } from './order.repository';
import { OrdersExport } from './orders-export.service';
import { OrdersController } from './orders.controller';
import { GetOrderHandler } from './queries/get-order.handler';
import { ListOrdersHandler } from './queries/list-orders.handler';

/** Orders: placing, reading and exporting them; their commands and queries (CqrsModule is imported once, by AppModule). */
@Module({
  imports: [CatalogueReadModelModule, DirectoryModule],
  controllers: [OrdersController, OrderExistenceController],
  providers: [OrderRepository, OrdersExport, CreateOrderHandler, MarkOrderPaidHandler, GetOrderHandler, ListOrdersHandler],
})
export class OrdersModule {}
