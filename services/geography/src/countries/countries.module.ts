import { Module } from '@nestjs/common';
import { RegionEventsModule } from '../shared/region-events.module';
import { CountriesController } from './countries.controller';
import { CountriesService } from './countries.service';

/** Countries, the top geography level. */
@Module({
  imports: [RegionEventsModule],
  controllers: [CountriesController],
  providers: [CountriesService],
  exports: [CountriesService],
})
export class CountriesModule {}
