import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { IdentitySettingsSchema } from '@backoffice/contracts';
import { ApiResult, CurrentUser, type CurrentUserData, Roles } from '@backoffice/platform';
import { IdentitySettingsService } from './identity-settings.service';

class IdentitySettingsDto extends createZodDto(IdentitySettingsSchema) {}

@ApiTags('identity')
@Roles('Admin')
@Controller('api/identity/settings')
export class IdentitySettingsController {
  constructor(private readonly settings: IdentitySettingsService) {}

  @Get()
  @ApiResult(IdentitySettingsSchema, { summary: 'Get the sign-in settings' })
  get() {
    return this.settings.get();
  }

  @Put()
  @ApiResult(IdentitySettingsSchema, { summary: 'Update the sign-in settings' })
  update(@Body() body: IdentitySettingsDto, @CurrentUser() actor: CurrentUserData) {
    return this.settings.update(body, actor.id);
  }
}
