import { Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { CommandResultSchema, fromDigits } from '@backoffice/contracts';
import { ApiController, ApiResult, CurrentUser, type CurrentUserData, DeprecatedGet } from '@backoffice/platform';
import { type Caller, CallerContext } from '../directory/caller.decorator';
import { AssignBranchCommand } from './commands/assign-branch.handler';
import { AssignProviderCommand } from './commands/assign-provider.handler';
import { ClearAssignmentCommand } from './commands/clear-assignment.handler';

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

/**
 * Assignment of a client service, answering {success, message}: each command at the product's GET path (kept for
 * the specification's clients, deprecated) and at its POST twin on the same path, for new clients.
 */
@ApiController({ tag: 'client services', path: 'api/ServiceSubmissions', roles: ['Manager'] })
export class ServiceSubmissionsController {
  constructor(private readonly commands: CommandBus) {}

  @Post('assignBranch/:clientServiceId/:branchId')
  @HttpCode(200)
  @ApiResult(CommandResultSchema, { summary: 'Assign a branch to a client service' })
  assignBranch(@Param() params: BranchParams, @CurrentUser() user: CurrentUserData, @CallerContext() caller: Caller) {
    return this.commands.execute(new AssignBranchCommand(params.clientServiceId, params.branchId, user, caller));
  }

  @Get('assignBranch/:clientServiceId/:branchId')
  @ApiResult(CommandResultSchema, { summary: 'Assign a branch to a client service (GET, deprecated)' })
  @DeprecatedGet('/api/ServiceSubmissions/assignBranch/{clientServiceId}/{branchId}')
  assignBranchByGet(@Param() params: BranchParams, @CurrentUser() user: CurrentUserData, @CallerContext() caller: Caller) {
    return this.assignBranch(params, user, caller);
  }

  @Post('assignProvider/:clientServiceId/:providerId')
  @HttpCode(200)
  @ApiResult(CommandResultSchema, { summary: 'Assign a service provider to a client service' })
  assignProvider(@Param() params: ProviderParams, @CurrentUser() user: CurrentUserData, @CallerContext() caller: Caller) {
    return this.commands.execute(new AssignProviderCommand(params.clientServiceId, params.providerId, user, caller));
  }

  @Get('assignProvider/:clientServiceId/:providerId')
  @ApiResult(CommandResultSchema, { summary: 'Assign a service provider to a client service (GET, deprecated)' })
  @DeprecatedGet('/api/ServiceSubmissions/assignProvider/{clientServiceId}/{providerId}')
  assignProviderByGet(@Param() params: ProviderParams, @CurrentUser() user: CurrentUserData, @CallerContext() caller: Caller) {
    return this.assignProvider(params, user, caller);
  }

  @Post('assignClearBranch/:clientServiceId')
  @HttpCode(200)
  @ApiResult(CommandResultSchema, { summary: 'Clear the branch of a client service' })
  clearBranch(@Param() params: ClientServiceParams, @CurrentUser() user: CurrentUserData) {
    return this.commands.execute(new ClearAssignmentCommand(params.clientServiceId, 'branch', user));
  }

  @Get('assignClearBranch/:clientServiceId')
  @ApiResult(CommandResultSchema, { summary: 'Clear the branch of a client service (GET, deprecated)' })
  @DeprecatedGet('/api/ServiceSubmissions/assignClearBranch/{clientServiceId}')
  clearBranchByGet(@Param() params: ClientServiceParams, @CurrentUser() user: CurrentUserData) {
    return this.clearBranch(params, user);
  }

  @Post('assignClearProvider/:clientServiceId')
  @HttpCode(200)
  @ApiResult(CommandResultSchema, { summary: 'Clear the service provider of a client service' })
  clearProvider(@Param() params: ClientServiceParams, @CurrentUser() user: CurrentUserData) {
    return this.commands.execute(new ClearAssignmentCommand(params.clientServiceId, 'provider', user));
  }

  @Get('assignClearProvider/:clientServiceId')
  @ApiResult(CommandResultSchema, { summary: 'Clear the service provider of a client service (GET, deprecated)' })
  @DeprecatedGet('/api/ServiceSubmissions/assignClearProvider/{clientServiceId}')
  clearProviderByGet(@Param() params: ClientServiceParams, @CurrentUser() user: CurrentUserData) {
    return this.clearProvider(params, user);
  }
}
