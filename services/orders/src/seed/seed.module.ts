import { Module } from '@nestjs/common';
import { OrdersDemoSeed } from './orders-demo.seed';

/** Demo orders for `npm start` (SEED_DEMO_DATA), placed through the commands once CqrsModule has its handlers. */
@Module({ providers: [OrdersDemoSeed] })
export class SeedModule {}
