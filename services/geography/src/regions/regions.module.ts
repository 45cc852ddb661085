import { Module } from '@nestjs/common';
import { RegionEvents } from './region-events';

/** What countries and the lower levels share: the events of every geography level (geography.v1). */
@Module({ providers: [RegionEvents], exports: [RegionEvents] })
export class RegionsModule {}
