import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { UpdateUserRolesSchema } from '@backoffice/contracts';
import { Roles } from '@backoffice/platform';
import { UserIdParamDto } from '../users/user-id.param';
import { UserRolesService } from './user-roles.service';

class RoleIdParamDto extends createZodDto(z.object({ id: z.string().trim().min(1).max(64) })) {}
class UpdateUserRolesDto extends createZodDto(UpdateUserRolesSchema) {}

/** The roles service of the spec (section 7): role names, one role, a user's roles and their update. */
@ApiTags('identity')
@Controller('api/identity')
export class UserRolesController {
  constructor(private readonly roles: UserRolesService) {}

  @Get('roles')
  @Roles('Admin')
  list() {
    return this.roles.roleNames();
  }

  @Get('roles/:id')
  @Roles('Admin')
  get(@Param() params: RoleIdParamDto) {
    return this.roles.role(params.id);
  }

  @Get('users/:id/roles')
  @Roles('Manager')
  userRoles(@Param() params: UserIdParamDto) {
    return this.roles.userRoles(params.id);
  }

  @Put('users/:id/roles')
  @Roles('Admin')
  setUserRoles(@Param() params: UserIdParamDto, @Body() body: UpdateUserRolesDto) {
    return this.roles.setUserRoles(params.id, body.roles);
  }
}
