import { Body, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';
import { CreateStaffUserSchema, pageSchema, StaffUserSchema, UpdateStaffUserSchema, UserListQuerySchema } from '@backoffice/contracts';
import { ApiController, ApiResult, CurrentUser, type CurrentUserData, Roles } from '@backoffice/platform';
import { UserIdParamDto } from './user-id.params';
import { UsersService } from './users.service';

class UserListQueryDto extends createZodDto(UserListQuerySchema) {}
class CreateStaffUserDto extends createZodDto(CreateStaffUserSchema) {}
class UpdateStaffUserDto extends createZodDto(UpdateStaffUserSchema) {}

/** Staff users. Reading is open to Managers (they pick sales agents and providers); changes are the Admin's. */
@ApiController({ tag: 'identity', path: 'api/identity/users' })
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @Roles('Manager')
  @ApiResult(pageSchema(StaffUserSchema, 'StaffUserPage'), { summary: 'List staff users' })
  list(@Query() query: UserListQueryDto, @CurrentUser() caller: CurrentUserData) {
    return this.users.list(query, caller);
  }

  @Get(':id')
  @Roles('Manager')
  @ApiResult(StaffUserSchema, { summary: 'Get a staff user' })
  get(@Param() params: UserIdParamDto, @CurrentUser() caller: CurrentUserData) {
    return this.users.getFor(params.id, caller);
  }

  @Post()
  @Roles('Admin')
  @ApiResult(StaffUserSchema, { status: 201, summary: 'Create a staff user' })
  create(@Body() body: CreateStaffUserDto) {
    return this.users.create(body);
  }

  @Put(':id')
  @Roles('Admin')
  @ApiResult(StaffUserSchema, { summary: 'Update a staff user' })
  update(@Param() params: UserIdParamDto, @Body() body: UpdateStaffUserDto) {
    return this.users.update(params.id, body);
  }

  @Post(':id/deactivate')
  @Roles('Admin')
  @HttpCode(200)
  @ApiResult(StaffUserSchema, { summary: 'Deactivate a staff user' })
  deactivate(@Param() params: UserIdParamDto, @CurrentUser() actor: CurrentUserData) {
    return this.users.deactivate(params.id, actor);
  }

  @Post(':id/activate')
  @Roles('Admin')
  @HttpCode(200)
  @ApiResult(StaffUserSchema, { summary: 'Activate a staff user' })
  activate(@Param() params: UserIdParamDto) {
    return this.users.activate(params.id);
  }

  @Post(':id/end-sessions')
  @Roles('Admin')
  @HttpCode(204)
  @ApiResult(null, { summary: "End a staff user's sessions" })
  async endSessions(@Param() params: UserIdParamDto) {
    await this.users.endSessions(params.id);
  }

  @Delete(':id/two-factor')
  @Roles('Admin')
  @ApiResult(StaffUserSchema, { summary: "Reset a staff user's two-factor sign-in" })
  resetTwoFactor(@Param() params: UserIdParamDto) {
    return this.users.resetTwoFactor(params.id);
  }
}
