import { Module } from '@nestjs/common';
import { IdentitySettingsController } from './identity-settings.controller';
import { IdentitySettingsService } from './identity-settings.service';

/** Identity settings (such as whether staff must use two-factor sign-in). */
@Module({
  controllers: [IdentitySettingsController],
  providers: [IdentitySettingsService],
  exports: [IdentitySettingsService],
})
export class SettingsModule {}
