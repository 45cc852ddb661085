import { Module } from '@nestjs/common';
import { PlatformModule } from '@backoffice/platform';
import { identityConfigSchema } from './identity.config';
import { User } from './users/user.entity';
import { RefreshToken } from './auth/refresh-token.entity';
import { Migration0001Users } from './migrations/Migration0001Users';
import { AuthController } from './auth/auth.controller';
import { AuthService } from './auth/auth.service';
import { LoginThrottle } from './auth/login-throttle';
import { TokenIssuer } from './auth/token-issuer';
import { AdminSeed } from './users/admin.seed';

@Module({
  imports: [
    PlatformModule.forService({
      config: identityConfigSchema,
      database: {
        entities: [User, RefreshToken],
        migrations: [{ name: 'Migration0001Users', class: Migration0001Users }],
      },
      outbox: { topics: [{ name: 'identity.user.v1' }] },
    }),
  ],
  controllers: [AuthController],
  providers: [AuthService, LoginThrottle, TokenIssuer, AdminSeed],
})
export class AppModule {}
