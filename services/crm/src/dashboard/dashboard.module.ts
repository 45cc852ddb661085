import { Module } from '@nestjs/common';
import { CrmDashboardController } from './crm-dashboard.controller';
import { CrmDashboardService } from './crm-dashboard.service';

/** The console dashboard's CRM figures (GET /api/dashboard/crm). */
@Module({ controllers: [CrmDashboardController], providers: [CrmDashboardService] })
export class CrmDashboardModule {}
