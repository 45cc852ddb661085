import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { SettingsModule } from '../settings/settings.module';
import { TwoFactorModule } from '../two-factor/two-factor.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LoginThrottle } from './login-throttle';
import { TokenIssuer } from './token-issuer';

/** Sign-in, refresh and sign-out; the login throttle is shared with the API clients' token endpoint. */
@Module({
  imports: [TwoFactorModule, SettingsModule, SessionsModule],
  controllers: [AuthController],
  providers: [AuthService, LoginThrottle, TokenIssuer],
  exports: [LoginThrottle],
})
export class AuthModule {}
