import { Module } from '@nestjs/common';
import { OrderEventsConsumer } from './order-events.consumer';
import { OrderReadModel } from './order-read-model.service';
import { SalesAgentReportController } from './sales-agent-report.controller';
import { SalesAgentReports } from './sales-agent-report.service';

/** Reports of the crm API: the sales agent report and the order read model it is built on (orders.order.v1). */
@Module({
  controllers: [SalesAgentReportController, OrderEventsConsumer],
  providers: [SalesAgentReports, OrderReadModel],
})
export class ReportsModule {}
