import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { CrmDashboard } from '@backoffice/contracts';
import { CurrentUser, type CurrentUserData, Roles } from '@backoffice/platform';
import { CrmDashboardService } from './crm-dashboard.service';

@ApiTags('dashboard')
@Controller('api/dashboard/crm')
export class CrmDashboardController {
  constructor(private readonly dashboard: CrmDashboardService) {}

  /** Unassigned leads, leads imported this week, failed imports and leads per agent; a sales agent gets their own leads. */
  @Get()
  @Roles('Manager', 'Salesagent')
  figures(@CurrentUser() user: CurrentUserData): Promise<CrmDashboard> {
    return this.dashboard.figures(user);
  }
}
