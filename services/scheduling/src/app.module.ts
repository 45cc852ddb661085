import { Module } from '@nestjs/common';
import { SCHEDULING_BRANCH_TOPIC } from '@backoffice/contracts';
import { PlatformModule } from '@backoffice/platform';
import { schedulingConfigSchema } from './scheduling.config';
import { Branch } from './branches/branch.entity';
import { BranchesController } from './branches/branches.controller';
import { BranchesService } from './branches/branches.service';
import { CountriesController } from './countries/countries.controller';
import { CountryCatalog } from './countries/country-catalog';
import { AppointmentSettingsRecord } from './appointments/appointment-settings.entity';
import { AdjustedDateRecord } from './appointments/adjusted-date.entity';
import { AppointmentSettingsController } from './appointments/appointment-settings.controller';
import { AppointmentSettingsService } from './appointments/appointment-settings.service';
import { DemoSeed } from './demo/demo.seed';
import { Migration0001Branches } from './migrations/Migration0001Branches';

@Module({
  imports: [
    PlatformModule.forService({
      config: schedulingConfigSchema,
      database: {
        entities: [Branch, AppointmentSettingsRecord, AdjustedDateRecord],
        migrations: [{ name: 'Migration0001Branches', class: Migration0001Branches }],
      },
      outbox: { topics: [{ name: SCHEDULING_BRANCH_TOPIC, compacted: true }] },
    }),
  ],
  // The countries controller first: its static path must win over /api/branches/{id}.
  controllers: [CountriesController, BranchesController, AppointmentSettingsController],
  providers: [CountryCatalog, BranchesService, AppointmentSettingsService, DemoSeed],
})
export class AppModule {}
