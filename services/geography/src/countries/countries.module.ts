import { Module } from '@nestjs/common';
import { RegionsModule } from '../regions/regions.module';
import { CountriesController } from './countries.controller';
import { CountriesService } from './countries.service';

/** Countries, the top geography level. */
@Module({
  imports: [RegionsModule],
  controllers: [CountriesController],
  providers: [CountriesService],
  exports: [CountriesService],
})
export class CountriesModule {}
