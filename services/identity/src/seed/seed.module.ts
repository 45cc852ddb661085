import { Module } from '@nestjs/common';
import { AdminSeed } from '../users/admin.seed';
import { UsersModule } from '../users/users.module';
import { DemoDataSeed } from './demo-data.seed';

/** First-start data (the Admin) and demo data for `npm start` (SEED_DEMO_DATA). */
@Module({ imports: [UsersModule], providers: [AdminSeed, DemoDataSeed] })
export class SeedModule {}
