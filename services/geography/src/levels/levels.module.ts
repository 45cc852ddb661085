import { Module } from '@nestjs/common';
import { RegionsModule } from '../regions/regions.module';
import { ZipCodesModule } from '../zip-codes/zip-codes.module';
import { LEVEL_CONTROLLERS } from './levels.controller';
import { RegionLevelsService } from './levels.service';

/** The levels below country (states, cities, boroughs, areas), one implementation driven by the level table. */
@Module({
  imports: [RegionsModule, ZipCodesModule],
  controllers: [...LEVEL_CONTROLLERS],
  providers: [RegionLevelsService],
  exports: [RegionLevelsService],
})
export class LevelsModule {}
