import { Get } from '@nestjs/common';
import { CrmDashboardSchema } from '@backoffice/contracts';
import type { CrmDashboard } from '@backoffice/contracts';
import { ApiController, ApiResult, CurrentUser, type CurrentUserData, Roles } from '@backoffice/platform';
import { CrmDashboardService } from './crm-dashboard.service';

@ApiController({ tag: 'dashboard', path: 'api/dashboard/crm' })
export class CrmDashboardController {
  constructor(private readonly dashboard: CrmDashboardService) {}

  /** Unassigned leads, leads imported this week, failed imports and leads per agent; a sales agent gets their own leads. */
  @Get()
  @Roles('Manager', 'Salesagent')
  @ApiResult(CrmDashboardSchema, { summary: 'Dashboard figures of the CRM' })
  figures(@CurrentUser() user: CurrentUserData): Promise<CrmDashboard> {
    return this.dashboard.figures(user);
  }
}
