import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { CodeAttemptLimiter } from './code-attempt-limiter';
import { SecretBox } from './secret-box';
import { TwoFactorController } from './two-factor.controller';
import { TwoFactorService } from './two-factor.service';

/** Two-factor sign-in: enrolment, codes and recovery codes. */
@Module({
  imports: [SettingsModule],
  controllers: [TwoFactorController],
  providers: [TwoFactorService, SecretBox, CodeAttemptLimiter],
  exports: [TwoFactorService],
})
export class TwoFactorModule {}
