import { Module } from '@nestjs/common';
import { SchedulingDemoSeed } from './scheduling-demo.seed';

/** Demo data for `npm start` (SEED_DEMO_DATA). */
@Module({ providers: [SchedulingDemoSeed] })
export class SeedModule {}
