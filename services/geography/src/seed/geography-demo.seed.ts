import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import { SERVICE_CONFIG } from '@backoffice/platform';
import { CountriesService } from '../countries/countries.service';
import { CountryEntity } from '../countries/country.entity';
import type { GeographyConfig } from '../geography.config';
import { RegionLevelsService } from '../levels/levels.service';

interface DemoArea {
  name: string;
  taxRate?: number;
  zipCodes: string;
}
interface DemoBorough extends DemoArea {
  areas?: DemoArea[];
}
interface DemoCity {
  name: string;
  taxRate?: number;
  shippingFee: number;
  boroughs?: DemoBorough[];
}
interface DemoState {
  shortName: string;
  name: string;
  taxRate?: number;
  cities: DemoCity[];
}

/** One country, realistic enough to show inheritance: city rates, a few boroughs and areas, one area override. */
const DEMO: { country: { shortName: string; name: string; taxRate: number }; states: DemoState[] } = {
  country: { shortName: 'US', name: 'United States', taxRate: 0 },
  states: [
    {
      shortName: 'NY',
      name: 'New York',
      taxRate: 4,
      cities: [
        {
          name: 'New York City',
          taxRate: 8.875,
          shippingFee: 9.99,
          boroughs: [
            {
              name: 'Manhattan',
              zipCodes: '10001, 10002, 10003, 10011, 10016, 10019, 10036',
              areas: [
                { name: 'Midtown', zipCodes: '10001, 10016, 10019, 10036' },
                { name: 'Lower East Side', zipCodes: '10002' },
              ],
            },
            {
              name: 'Brooklyn',
              zipCodes: '11201, 11205, 11211, 11215, 11217',
              areas: [
                { name: 'Brooklyn Navy Yard', taxRate: 4.5, zipCodes: '11205' },
                { name: 'Williamsburg', zipCodes: '11211' },
              ],
            },
            { name: 'Queens', zipCodes: '11101, 11354, 11368' },
          ],
        },
        { name: 'Buffalo', taxRate: 8.75, shippingFee: 12.5 },
      ],
    },
    {
      shortName: 'NJ',
      name: 'New Jersey',
      taxRate: 6.625,
      cities: [
        { name: 'Jersey City', shippingFee: 7.5 },
        { name: 'Newark', shippingFee: 7.5 },
      ],
    },
    {
      shortName: 'CA',
      name: 'California',
      taxRate: 7.25,
      cities: [
        {
          name: 'Los Angeles',
          taxRate: 9.5,
          shippingFee: 14,
          boroughs: [
            {
              name: 'Downtown',
              zipCodes: '90012, 90013, 90014, 90071',
              areas: [
                { name: 'Arts District', zipCodes: '90013' },
                { name: 'Financial District', taxRate: 10.25, zipCodes: '90071' },
              ],
            },
            { name: 'Hollywood', zipCodes: '90028, 90038' },
          ],
        },
        { name: 'San Francisco', taxRate: 8.625, shippingFee: 14 },
      ],
    },
  ],
};

/** With SEED_DEMO_DATA=true and no countries yet, creates the demo dataset through the services (events included). */
@Injectable()
export class GeographyDemoSeed implements OnApplicationBootstrap {
  private readonly logger = new Logger('GeographyDemoSeed');

  constructor(
    private readonly orm: MikroORM,
    @Inject(SERVICE_CONFIG) private readonly config: GeographyConfig,
    private readonly countries: CountriesService,
    private readonly levels: RegionLevelsService,
  ) {}

  async onApplicationBootstrap() {
    if (!this.config.SEED_DEMO_DATA) return;
    if ((await this.orm.em.fork().count(CountryEntity, {})) > 0) return;
    try {
      await RequestContext.create(this.orm.em, () => this.seed());
      this.logger.log('seeded the demo geography (United States: 3 states, 6 cities, 5 boroughs, 6 areas)');
    } catch (error) {
      // Another replica seeding at the same moment loses on the unique names; the data is there either way.
      this.logger.warn(`demo geography not seeded: ${(error as Error).message}`);
    }
  }

  private async seed() {
    const country = await this.countries.create(DEMO.country);
    for (const state of DEMO.states) {
      const { id: stateId } = await this.levels.create('state', {
        countryId: country.id,
        shortName: state.shortName,
        name: state.name,
        taxRate: state.taxRate ?? null,
      });
      for (const city of state.cities) {
        const { id: cityId } = await this.levels.create('city', {
          stateId,
          name: city.name,
          shippingFee: city.shippingFee,
          taxRate: city.taxRate ?? null,
        });
        for (const borough of city.boroughs ?? []) {
          const { id: boroughId } = await this.levels.create('borough', {
            cityId,
            name: borough.name,
            taxRate: borough.taxRate ?? null,
            zipCodes: borough.zipCodes.replace(/\s+/g, ''),
          });
          for (const area of borough.areas ?? []) {
            await this.levels.create('area', {
              boroughId,
              name: area.name,
              taxRate: area.taxRate ?? null,
              zipCodes: area.zipCodes.replace(/\s+/g, ''),
            });
          }
        }
      }
    }
  }
}
