import { Module } from '@nestjs/common';
import { RegionEvents } from './region-events';

/** The events of every geography level (geography.v1), shared by countries and the lower levels. */
@Module({ providers: [RegionEvents], exports: [RegionEvents] })
export class RegionEventsModule {}
