import { Body, Get, Put } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';
import { IdentitySettingsSchema } from '@backoffice/contracts';
import { ApiController, ApiResult, CurrentUser, type CurrentUserData } from '@backoffice/platform';
import { IdentitySettingsService } from './identity-settings.service';

class IdentitySettingsDto extends createZodDto(IdentitySettingsSchema) {}

@ApiController({ tag: 'identity', path: 'api/identity/settings', roles: ['Admin'] })
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
