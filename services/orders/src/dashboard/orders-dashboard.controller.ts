import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { OrdersDashboard } from '@backoffice/contracts';
import { CurrentUser, type CurrentUserData, Roles } from '@backoffice/platform';
import { OrdersDashboardService } from './orders-dashboard.service';

@ApiTags('dashboard')
@Controller('api/dashboard/orders')
export class OrdersDashboardController {
  constructor(private readonly dashboard: OrdersDashboardService) {}

  /** Unpaid orders, revenue (today, this month, per day for 30 days) and client services by status; a provider gets their own services. */
  @Get()
  @Roles('Manager', 'ServiceProvider')
  figures(@CurrentUser() user: CurrentUserData): Promise<OrdersDashboard> {
    return this.dashboard.figures(user);
  }
}
