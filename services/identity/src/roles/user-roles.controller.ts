import { Body, Get, Param, Put } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { RoleInfoSchema, RoleSchema, UpdateUserRolesSchema, UserRolesSchema } from '@backoffice/contracts';
import { ApiController, ApiResult, CurrentUser, type CurrentUserData, Roles } from '@backoffice/platform';
import { UserIdParamDto } from '../users/user-id.params';
import { UserRolesService } from './user-roles.service';

class RoleIdParamDto extends createZodDto(z.object({ id: z.string().trim().min(1).max(64) })) {}
class UpdateUserRolesDto extends createZodDto(UpdateUserRolesSchema) {}

/** The roles service of the product (docs/product.md): role names, one role, a user's roles and their update. */
@ApiController({ tag: 'identity', path: 'api/identity' })
export class UserRolesController {
  constructor(private readonly roles: UserRolesService) {}

  @Get('roles')
  @Roles('Admin')
  @ApiResult(z.array(RoleSchema), { summary: 'List role names' })
  list() {
    return this.roles.roleNames();
  }

  @Get('roles/:id')
  @Roles('Admin')
  @ApiResult(RoleInfoSchema, { summary: 'Get a role' })
  get(@Param() params: RoleIdParamDto) {
    return this.roles.role(params.id);
  }

  @Get('users/:id/roles')
  @Roles('Manager')
  @ApiResult(UserRolesSchema, { summary: "Get a user's roles" })
  userRoles(@Param() params: UserIdParamDto, @CurrentUser() caller: CurrentUserData) {
    return this.roles.userRoles(params.id, caller.roles);
  }

  @Put('users/:id/roles')
  @Roles('Admin')
  @ApiResult(UserRolesSchema, { summary: "Set a user's roles" })
  setUserRoles(@Param() params: UserIdParamDto, @Body() body: UpdateUserRolesDto) {
    return this.roles.setUserRoles(params.id, body.roles);
  }
}
