import { Body, Get, HttpCode, Post } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';
import { RecoveryCodesSchema, TwoFactorCodeSchema, TwoFactorSetupSchema, TwoFactorStatusSchema } from '@backoffice/contracts';
import { ApiController, ApiResult, CurrentUser, type CurrentUserData } from '@backoffice/platform';
import { TwoFactorService } from './two-factor.service';

class TwoFactorCodeDto extends createZodDto(TwoFactorCodeSchema) {}

/** The signed-in user's own two-factor sign-in (enrolment from the profile). */
@ApiController({ tag: 'auth', path: 'api/auth/two-factor' })
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @Get()
  @ApiResult(TwoFactorStatusSchema, { summary: 'Two-factor status of the signed-in user' })
  status(@CurrentUser() user: CurrentUserData) {
    return this.twoFactor.status(user.id);
  }

  @Post('setup')
  @HttpCode(200)
  @ApiResult(TwoFactorSetupSchema, { summary: 'Begin two-factor setup' })
  setup(@CurrentUser() user: CurrentUserData) {
    return this.twoFactor.beginSetup(user.id);
  }

  @Post('enable')
  @HttpCode(200)
  @ApiResult(RecoveryCodesSchema, { summary: 'Turn two-factor sign-in on' })
  enable(@CurrentUser() user: CurrentUserData, @Body() body: TwoFactorCodeDto) {
    return this.twoFactor.enable(user.id, body.code);
  }

  @Post('disable')
  @HttpCode(204)
  @ApiResult(null, { summary: 'Turn two-factor sign-in off' })
  async disable(@CurrentUser() user: CurrentUserData, @Body() body: TwoFactorCodeDto) {
    await this.twoFactor.disable(user.id, body.code);
  }

  @Post('recovery-codes')
  @HttpCode(200)
  @ApiResult(RecoveryCodesSchema, { summary: 'Renew the recovery codes' })
  renewRecoveryCodes(@CurrentUser() user: CurrentUserData, @Body() body: TwoFactorCodeDto) {
    return this.twoFactor.renewRecoveryCodes(user.id, body.code);
  }
}
