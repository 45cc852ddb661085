import { Module } from '@nestjs/common';
import { PlatformModule } from '@backoffice/platform';
import { IDENTITY_USER_TOPIC } from '@backoffice/contracts';
import { identityConfigSchema } from './identity.config';
import { User } from './users/user.entity';
import { RefreshToken } from './auth/refresh-token.entity';
import { RecoveryCode } from './two-factor/recovery-code.entity';
import { ClientAccount } from './clients/client.entity';
import { IdentitySetting } from './settings/identity-setting.entity';
import { Migration0001Users } from './migrations/Migration0001Users';
import { Migration0002StaffClientsTwoFactor } from './migrations/Migration0002StaffClientsTwoFactor';
import { AuthController } from './auth/auth.controller';
import { AuthService } from './auth/auth.service';
import { LoginThrottle } from './auth/login-throttle';
import { TokenIssuer } from './auth/token-issuer';
import { SessionRevoker } from './sessions/session-revoker';
import { AdminSeed } from './users/admin.seed';
import { UserEvents } from './users/user-events';
import { UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';
import { UserRolesController } from './roles/user-roles.controller';
import { UserRolesService } from './roles/user-roles.service';
import { ClientsController } from './clients/clients.controller';
import { ClientsService } from './clients/clients.service';
import { TwoFactorController } from './two-factor/two-factor.controller';
import { TwoFactorService } from './two-factor/two-factor.service';
import { SecretBox } from './two-factor/secret-box';
import { CodeAttemptLimiter } from './two-factor/code-attempt-limiter';
import { IdentitySettingsController } from './settings/identity-settings.controller';
import { IdentitySettingsService } from './settings/identity-settings.service';
import { DemoDataSeed } from './seed/demo-data.seed';
import { ApiClientRecord } from './api-clients/api-client.entity';
import { ApiClientsController } from './api-clients/api-clients.controller';
import { ApiClientsService } from './api-clients/api-clients.service';
import { TokenController } from './api-clients/token.controller';
import { Migration0003ApiClients } from './migrations/Migration0003ApiClients';
import { Migration0004AuditLog } from './migrations/Migration0004AuditLog';
import { AuditLog } from './audit/audit-log.service';
import { AuditLogConsumer } from './audit/audit-log.consumer';
import { AuditLogController } from './audit/audit-log.controller';

@Module({
  imports: [
    PlatformModule.forService({
      config: identityConfigSchema,
      database: {
        entities: [User, RefreshToken, RecoveryCode, ClientAccount, IdentitySetting, ApiClientRecord],
        migrations: [
          { name: 'Migration0001Users', class: Migration0001Users },
          { name: 'Migration0002StaffClientsTwoFactor', class: Migration0002StaffClientsTwoFactor },
          { name: 'Migration0003ApiClients', class: Migration0003ApiClients },
          { name: 'Migration0004AuditLog', class: Migration0004AuditLog },
        ],
        // Sign-in bookkeeping, not staff data (sign-in and sign-out are recorded by the auth service itself).
        notAudited: [RefreshToken],
      },
      outbox: { topics: [{ name: IDENTITY_USER_TOPIC }] },
    }),
  ],
  controllers: [
    AuthController,
    TokenController,
    ApiClientsController,
    TwoFactorController,
    UsersController,
    UserRolesController,
    ClientsController,
    IdentitySettingsController,
    AuditLogController,
    AuditLogConsumer,
  ],
  providers: [
    AuthService,
    LoginThrottle,
    TokenIssuer,
    SessionRevoker,
    UserEvents,
    AdminSeed,
    DemoDataSeed,
    UsersService,
    UserRolesService,
    ClientsService,
    TwoFactorService,
    SecretBox,
    CodeAttemptLimiter,
    IdentitySettingsService,
    ApiClientsService,
    AuditLog,
  ],
})
export class AppModule {}
