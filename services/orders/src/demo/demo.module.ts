import { Module } from '@nestjs/common';
import { DemoOrdersSeed } from './demo-orders.seed';

/** Demo orders for `npm start` (SEED_DEMO_DATA), placed through the commands once CqrsModule has its handlers. */
@Module({ providers: [DemoOrdersSeed] })
export class DemoModule {}
