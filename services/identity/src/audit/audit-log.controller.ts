import { Get, Query } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';
import { AuditHistoryQuerySchema, AuditPageSchema, AuditQuerySchema } from '@backoffice/contracts';
import { ApiController, ApiResult, CurrentUser, type CurrentUserData, Roles } from '@backoffice/platform';
import { AuditLog } from './audit-log.service';

class AuditQueryDto extends createZodDto(AuditQuerySchema) {}
class AuditHistoryQueryDto extends createZodDto(AuditHistoryQuerySchema) {}

/** The audit log: the Admin's Activity screen, and each record's own history for those who see the record. */
@ApiController({ tag: 'audit', path: 'api/audit' })
export class AuditLogController {
  constructor(private readonly auditLog: AuditLog) {}

  @Get()
  @Roles('Admin')
  @ApiResult(AuditPageSchema, { summary: 'List recorded actions (who changed what, when), newest first' })
  list(@Query() query: AuditQueryDto) {
    return this.auditLog.list(query);
  }

  @Get('history')
  @Roles('Manager')
  @ApiResult(AuditPageSchema, { summary: "One record's history, newest first" })
  history(@Query() query: AuditHistoryQueryDto, @CurrentUser() caller: CurrentUserData) {
    return this.auditLog.history(query, caller.roles);
  }
}
