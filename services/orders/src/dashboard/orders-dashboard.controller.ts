import { Get } from '@nestjs/common';
import { OrdersDashboardSchema } from '@backoffice/contracts';
import type { OrdersDashboard } from '@backoffice/contracts';
import { ApiController, ApiResult, CurrentUser, type CurrentUserData, Roles } from '@backoffice/platform';
import { OrdersDashboardService } from './orders-dashboard.service';

@ApiController({ tag: 'dashboard', path: 'api/dashboard/orders' })
export class OrdersDashboardController {
  constructor(private readonly dashboard: OrdersDashboardService) {}

  /** Unpaid orders, revenue (today, this month, per day for 30 days) and client services by status; a provider gets their own services. */
  @Get()
  @Roles('Manager', 'ServiceProvider')
  @ApiResult(OrdersDashboardSchema, { summary: 'Dashboard figures of orders and client services' })
  figures(@CurrentUser() user: CurrentUserData): Promise<OrdersDashboard> {
    return this.dashboard.figures(user);
  }
}
