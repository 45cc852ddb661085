import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { AdminSeed } from './admin.seed';
import { IdentityDemoSeed } from './identity-demo.seed';

/** First-start data (the Admin) and demo data for `npm start` (SEED_DEMO_DATA). */
@Module({ imports: [UsersModule], providers: [AdminSeed, IdentityDemoSeed] })
export class SeedModule {}
