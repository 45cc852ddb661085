import { Module } from '@nestjs/common';
import { GEOGRAPHY_TOPIC } from '@backoffice/contracts';
import { PlatformModule } from '@backoffice/platform';
import { AreaEntity } from './areas/area.entity';
import { AreasController } from './areas/areas.controller';
import { AreasService } from './areas/areas.service';
import { BoroughEntity } from './boroughs/borough.entity';
import { BoroughsController } from './boroughs/boroughs.controller';
import { BoroughsService } from './boroughs/boroughs.service';
import { CitiesController } from './cities/cities.controller';
import { CitiesService } from './cities/cities.service';
import { CityEntity } from './cities/city.entity';
import { CountriesController } from './countries/countries.controller';
import { CountriesService } from './countries/countries.service';
import { CountryEntity } from './countries/country.entity';
import { GeographyDemoSeed } from './demo/geography-demo.seed';
import { geographyConfigSchema } from './geography.config';
import { LookupController } from './lookup/lookup.controller';
import { LookupService } from './lookup/lookup.service';
import { Migration0001Geography } from './migrations/Migration0001Geography';
import { RegionEvents } from './shared/region-events';
import { StateEntity } from './states/state.entity';
import { StatesController } from './states/states.controller';
import { StatesService } from './states/states.service';
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
  controllers: [CountriesController, StatesController, CitiesController, BoroughsController, AreasController, LookupController],
  providers: [
    CountriesService,
    StatesService,
    CitiesService,
    BoroughsService,
    AreasService,
    LookupService,
    ZipCodeRegistry,
    RegionEvents,
    GeographyDemoSeed,
  ],
})
export class AppModule {}
