import { Module } from '@nestjs/common';
import { GEOGRAPHY_TOPIC } from '@backoffice/contracts';
import { PlatformModule } from '@backoffice/platform';
import { CountriesController } from './countries/countries.controller';
import { CountriesService } from './countries/countries.service';
import { CountryEntity } from './countries/country.entity';
import { GeographyDemoSeed } from './demo/geography-demo.seed';
import { geographyConfigSchema } from './geography.config';
import { AreaEntity, BoroughEntity, CityEntity, StateEntity } from './levels/level.entities';
import { LEVEL_CONTROLLERS } from './levels/levels.controller';
import { RegionLevelsService } from './levels/levels.service';
import { LookupController } from './lookup/lookup.controller';
import { LookupService } from './lookup/lookup.service';
import { Migration0001Geography } from './migrations/Migration0001Geography';
import { RegionEvents } from './shared/region-events';
import { ZipCodeRegistry } from './zip-codes/zip-code-registry';

@Module({
  imports: [
    PlatformModule.forService({
      config: geographyConfigSchema,
      database: {
        entities: [CountryEntity, StateEntity, CityEntity, BoroughEntity, AreaEntity],
        migrations: [{ name: 'Migration0001Geography', class: Migration0001Geography }],
      },
      outbox: { topics: [{ name: GEOGRAPHY_TOPIC }] },
    }),
  ],
  controllers: [CountriesController, ...LEVEL_CONTROLLERS, LookupController],
  providers: [CountriesService, RegionLevelsService, LookupService, ZipCodeRegistry, RegionEvents, GeographyDemoSeed],
})
export class AppModule {}
