import { IDENTITY_USER_TOPIC } from '@backoffice/contracts';
import { PlatformModule } from '@backoffice/platform';
import { ApiClientEntity } from './api-clients/api-client.entity';
import { RefreshTokenEntity } from './auth/refresh-token.entity';
import { ClientAccountEntity } from './clients/client.entity';
import { identityConfigSchema } from './identity.config';
import { Migration0001Users } from './migrations/Migration0001Users';
import { Migration0002StaffClientsTwoFactor } from './migrations/Migration0002StaffClientsTwoFactor';
import { Migration0003ApiClients } from './migrations/Migration0003ApiClients';
import { Migration0004AuditLog } from './migrations/Migration0004AuditLog';
import { IdentitySettingEntity } from './settings/identity-setting.entity';
import { RecoveryCodeEntity } from './two-factor/recovery-code.entity';
import { UserEntity } from './users/user.entity';

/** The platform as identity uses it: its config, database (every feature's entities, the migrations) and outbox topic. */
export const identityPlatform = () =>
  PlatformModule.forService({
    config: identityConfigSchema,
    database: {
      entities: [UserEntity, RefreshTokenEntity, RecoveryCodeEntity, ClientAccountEntity, IdentitySettingEntity, ApiClientEntity],
      migrations: [
        { name: 'Migration0001Users', class: Migration0001Users },
        { name: 'Migration0002StaffClientsTwoFactor', class: Migration0002StaffClientsTwoFactor },
        { name: 'Migration0003ApiClients', class: Migration0003ApiClients },
        { name: 'Migration0004AuditLog', class: Migration0004AuditLog },
      ],
      // Sign-in bookkeeping, not staff data (sign-in and sign-out are recorded by the auth service itself).
      notAudited: [RefreshTokenEntity],
    },
    outbox: { topics: [{ name: IDENTITY_USER_TOPIC }] },
  });
