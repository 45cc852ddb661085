import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Country, CountryData } from '@backoffice/contracts';
import { NotFoundError, SharedCaches, type SharedCache } from '@backoffice/platform';
import { assertBodyId, assertNameFree, assertShortNameFree, refuseDeleteWithChildren, type NameScope } from '../regions/geography-rules';
import { RegionEvents } from '../regions/region-events';
import { StateEntity } from '../levels/level.entities';
import { CountryEntity } from './country.entity';

const SCOPE: NameScope = { table: 'countries', what: 'country' };
/** The shared cache of the country list (every replica drops it when a country changes). */
const LIST_CACHE = 'geography.countries';

export function toCountry(row: CountryEntity): Country {
  return { id: row.id, shortName: row.shortName, name: row.name, taxRate: row.taxRate ?? null };
}

@Injectable()
export class CountriesService {
  /** The list as the JSON the API answers: read on almost every screen, changed rarely. */
  private readonly listJson: SharedCache<string>;

  constructor(
    private readonly em: EntityManager,
    private readonly events: RegionEvents,
    private readonly caches: SharedCaches,
  ) {
    this.listJson = caches.define(LIST_CACHE, async () => JSON.stringify(await this.list(this.em.fork())));
  }

  async list(em: EntityManager = this.em): Promise<Country[]> {
    const rows = await em.find(CountryEntity, {}, { orderBy: { name: 'asc', id: 'asc' } });
    return rows.map(toCountry);
  }

  /** list() serialized, from the shared cache. */
  listAsJson(): Promise<string> {
    return this.listJson.get();
  }

  async get(id: number): Promise<Country> {
    return toCountry(await this.find(this.em, id));
  }

  create(input: CountryData): Promise<Country> {
    return this.em.transactional(async (em) => {
      await assertShortNameFree(em, SCOPE, input.shortName);
      await assertNameFree(em, SCOPE, input.name);
      const row = Object.assign(new CountryEntity(), { shortName: input.shortName, name: input.name, taxRate: input.taxRate });
      await em.persist(row).flush();
      this.events.record(em, 'country', 'created', row.id, toCountry(row));
      await this.caches.invalidate(em, LIST_CACHE);
      return toCountry(row);
    });
  }

  update(id: number, input: CountryData): Promise<Country> {
    assertBodyId(id, input.id);
    return this.em.transactional(async (em) => {
      const row = await this.find(em, id);
      await assertShortNameFree(em, SCOPE, input.shortName, id);
      await assertNameFree(em, SCOPE, input.name, id);
      Object.assign(row, { shortName: input.shortName, name: input.name, taxRate: input.taxRate });
      await em.flush();
      this.events.record(em, 'country', 'updated', id, toCountry(row));
      await this.caches.invalidate(em, LIST_CACHE);
      return toCountry(row);
    });
  }

  remove(id: number): Promise<void> {
    return this.em.transactional(async (em) => {
      const row = await this.find(em, id);
      refuseDeleteWithChildren(await em.count(StateEntity, { countryId: id }), { what: 'country', name: row.name }, ['state', 'states']);
      await em.remove(row).flush();
      this.events.record(em, 'country', 'deleted', id, null);
      await this.caches.invalidate(em, LIST_CACHE);
    });
  }

  private async find(em: EntityManager, id: number): Promise<CountryEntity> {
    const row = await em.findOne(CountryEntity, { id });
    if (!row) throw new NotFoundError('Country', id);
    return row;
  }
}
