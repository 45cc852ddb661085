import { GEOGRAPHY_TOPIC } from '@backoffice/contracts';
import { PlatformModule } from '@backoffice/platform';
import { CountryEntity } from './countries/country.entity';
import { geographyConfigSchema } from './geography.config';
import { AreaEntity, BoroughEntity, CityEntity, StateEntity } from './levels/level.entities';
import { Migration0001Geography } from './migrations/Migration0001Geography';

/** The platform as geography uses it: its config, database (every feature's entities, the migrations) and outbox topic. */
export const geographyPlatform = () =>
  PlatformModule.forService({
    config: geographyConfigSchema,
    database: {
      entities: [CountryEntity, StateEntity, CityEntity, BoroughEntity, AreaEntity],
      migrations: [{ name: 'Migration0001Geography', class: Migration0001Geography }],
    },
    outbox: { topics: [{ name: GEOGRAPHY_TOPIC }] },
  });
