import { Module } from '@nestjs/common';
import { OrdersDashboardController } from './orders-dashboard.controller';
import { OrdersDashboardService } from './orders-dashboard.service';

/** The console dashboard's orders figures (GET /api/dashboard/orders). */
@Module({ controllers: [OrdersDashboardController], providers: [OrdersDashboardService] })
export class OrdersDashboardModule {}
