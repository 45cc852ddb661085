import { Controller, Get, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { CommandResultSchema, fromDigits } from '@backoffice/contracts';
import { ApiResult, CurrentUser, type CurrentUserData, Roles } from '@backoffice/platform';
import { type Caller, CallerContext } from '../directory/caller.decorator';
import { AssignBranchCommand } from './commands/assign-branch.handler';
import { AssignProviderCommand } from './commands/assign-provider.handler';
import { ClearBranchCommand } from './commands/clear-branch.handler';
import { ClearProviderCommand } from './commands/clear-provider.handler';

const clientServiceId = z.uuid('The client service id must be a UUID.');
class ClientServiceParams extends createZodDto(z.object({ clientServiceId })) {}
class BranchParams extends createZodDto(
  z.object({
    clientServiceId,
    branchId: fromDigits(
      z
        .number('The branch id must be a number.')
        .int('The branch id must be a number.')
        .positive('The branch id must be a number.')
        .max(2147483647),
    ),
  }),
) {}
class ProviderParams extends createZodDto(z.object({ clientServiceId, providerId: z.uuid('The provider id must be a UUID.') })) {}

/** Assignment of a client service, at the product's paths (GET, answering {success, message}). */
@ApiTags('client services')
@Roles('Manager')
@Controller('api/ServiceSubmissions')
export class ServiceSubmissionsController {
  constructor(private readonly commands: CommandBus) {}

  @Get('assignBranch/:clientServiceId/:branchId')
  @ApiResult(CommandResultSchema, { summary: 'Assign a branch to a client service' })
  assignBranch(@Param() params: BranchParams, @CurrentUser() user: CurrentUserData, @CallerContext() caller: Caller) {
    return this.commands.execute(new AssignBranchCommand(params.clientServiceId, params.branchId, user, caller));
  }

  @Get('assignProvider/:clientServiceId/:providerId')
  @ApiResult(CommandResultSchema, { summary: 'Assign a service provider to a client service' })
  assignProvider(@Param() params: ProviderParams, @CurrentUser() user: CurrentUserData, @CallerContext() caller: Caller) {
    return this.commands.execute(new AssignProviderCommand(params.clientServiceId, params.providerId, user, caller));
  }

  @Get('assignClearBranch/:clientServiceId')
  @ApiResult(CommandResultSchema, { summary: 'Clear the branch of a client service' })
  clearBranch(@Param() params: ClientServiceParams, @CurrentUser() user: CurrentUserData) {
    return this.commands.execute(new ClearBranchCommand(params.clientServiceId, user));
  }

  @Get('assignClearProvider/:clientServiceId')
  @ApiResult(CommandResultSchema, { summary: 'Clear the service provider of a client service' })
  clearProvider(@Param() params: ClientServiceParams, @CurrentUser() user: CurrentUserData) {
    return this.commands.execute(new ClearProviderCommand(params.clientServiceId, user));
  }
}
