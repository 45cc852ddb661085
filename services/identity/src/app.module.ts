import { Module } from '@nestjs/common';
import { ApiClientsModule } from './api-clients/api-clients.module';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { ClientsModule } from './clients/clients.module';
import { identityPlatform } from './identity.platform';
import { RolesModule } from './roles/roles.module';
import { SeedModule } from './seed/seed.module';
import { SettingsModule } from './settings/settings.module';
import { TwoFactorModule } from './two-factor/two-factor.module';
import { UsersModule } from './users/users.module';

/** The identity service: one module per feature. */
@Module({
  imports: [
    identityPlatform(),
    AuthModule,
    ApiClientsModule,
    TwoFactorModule,
    UsersModule,
    RolesModule,
    ClientsModule,
    SettingsModule,
    AuditModule,
    SeedModule,
  ],
})
export class AppModule {}
