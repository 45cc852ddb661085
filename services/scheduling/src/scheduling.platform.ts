import { SCHEDULING_BRANCH_TOPIC } from '@backoffice/contracts';
import { PlatformModule } from '@backoffice/platform';
import { AdjustedDateEntity } from './appointments/adjusted-date.entity';
import { AppointmentSettingsEntity } from './appointments/appointment-settings.entity';
import { BranchEntity } from './branches/branch.entity';
import { Migration0001Branches } from './migrations/Migration0001Branches';
import { schedulingConfigSchema } from './scheduling.config';

/** The platform as scheduling uses it: its config, database (every feature's entities, the migrations) and outbox topic. */
export const schedulingPlatform = () =>
  PlatformModule.forService({
    config: schedulingConfigSchema,
    database: {
      entities: [BranchEntity, AppointmentSettingsEntity, AdjustedDateEntity],
      migrations: [{ name: 'Migration0001Branches', class: Migration0001Branches }],
    },
    outbox: { topics: [{ name: SCHEDULING_BRANCH_TOPIC, compacted: true }] },
  });
