import { Module } from '@nestjs/common';
import { DemoSeed } from './demo.seed';

/** Demo data for `npm start` (SEED_DEMO_DATA). */
@Module({ providers: [DemoSeed] })
export class DemoModule {}
