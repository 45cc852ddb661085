import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { CreateStaffUserSchema, UpdateStaffUserSchema, UserListQuerySchema } from '@backoffice/contracts';
import { CurrentUser, type CurrentUserData, Roles } from '@backoffice/platform';
import { UserIdParamDto } from './user-id.param';
import { UsersService } from './users.service';

class UserListQueryDto extends createZodDto(UserListQuerySchema) {}
class CreateStaffUserDto extends createZodDto(CreateStaffUserSchema) {}
class UpdateStaffUserDto extends createZodDto(UpdateStaffUserSchema) {}

/** Staff users. Reading is open to Managers (they pick sales agents and providers); changes are the Admin's. */
@ApiTags('identity')
@Controller('api/identity/users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @Roles('Manager')
  list(@Query() query: UserListQueryDto, @CurrentUser() caller: CurrentUserData) {
    return this.users.list(query, caller);
  }

  @Get(':id')
  @Roles('Manager')
  get(@Param() params: UserIdParamDto, @CurrentUser() caller: CurrentUserData) {
    return this.users.getFor(params.id, caller);
  }

  @Post()
  @Roles('Admin')
  create(@Body() body: CreateStaffUserDto) {
    return this.users.create(body);
  }

  @Put(':id')
  @Roles('Admin')
  update(@Param() params: UserIdParamDto, @Body() body: UpdateStaffUserDto) {
    return this.users.update(params.id, body);
  }

  @Post(':id/deactivate')
  @Roles('Admin')
  @HttpCode(200)
  deactivate(@Param() params: UserIdParamDto, @CurrentUser() actor: CurrentUserData) {
    return this.users.deactivate(params.id, actor);
  }

  @Post(':id/activate')
  @Roles('Admin')
  @HttpCode(200)
  activate(@Param() params: UserIdParamDto) {
    return this.users.activate(params.id);
  }

  @Post(':id/end-sessions')
  @Roles('Admin')
  @HttpCode(204)
  async endSessions(@Param() params: UserIdParamDto) {
    await this.users.endSessions(params.id);
  }

  @Delete(':id/two-factor')
  @Roles('Admin')
  resetTwoFactor(@Param() params: UserIdParamDto) {
    return this.users.resetTwoFactor(params.id);
  }
}
