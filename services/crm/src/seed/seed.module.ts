import { Module } from '@nestjs/common';
import { GroupsModule } from '../groups/groups.module';
import { CrmDemoSeed } from './crm-demo.seed';
import { SecurityModule } from '../security/security.module';

/** Demo data for `npm start` (SEED_DEMO_DATA). */
@Module({ imports: [GroupsModule, SecurityModule], providers: [CrmDemoSeed] })
export class SeedModule {}
