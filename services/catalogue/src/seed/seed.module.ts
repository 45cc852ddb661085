import { Module } from '@nestjs/common';
import { ServicesModule } from '../services/services.module';
import { DemoSeed } from './demo.seed';

/** Demo data for `npm start` (SEED_DEMO_DATA). */
@Module({ imports: [ServicesModule], providers: [DemoSeed] })
export class SeedModule {}
