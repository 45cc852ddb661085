import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { State, StateData } from '@backoffice/contracts';
import { NotFoundError } from '@backoffice/platform';
import { CityEntity } from '../cities/city.entity';
import { CountryEntity } from '../countries/country.entity';
import {
  assertBodyId,
  assertNameFree,
  assertShortNameFree,
  missingParent,
  refuseDeleteWithChildren,
  type NameScope,
} from '../shared/geography-rules';
import { RegionEvents } from '../shared/region-events';
import { StateEntity } from './state.entity';

const scope = (countryId: number): NameScope => ({
  table: 'states',
  what: 'state',
  parent: { column: 'country_id', id: countryId, what: 'country' },
});

export function toState(row: StateEntity): State {
  return { id: row.id, countryId: row.countryId, shortName: row.shortName, name: row.name, taxRate: row.taxRate ?? null };
}

@Injectable()
export class StatesService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: RegionEvents,
  ) {}

  /** The states of a country; an unknown country answers 404. */
  async listByCountry(countryId: number): Promise<State[]> {
    if (!(await this.em.count(CountryEntity, { id: countryId }))) throw new NotFoundError('Country', countryId);
    const rows = await this.em.find(StateEntity, { countryId }, { orderBy: { name: 'asc', id: 'asc' } });
    return rows.map(toState);
  }

  async get(id: number): Promise<State> {
    return toState(await this.find(this.em, id));
  }

  create(input: StateData): Promise<State> {
    return this.em.transactional(async (em) => {
      await this.requireCountry(em, input.countryId);
      await assertShortNameFree(em, scope(input.countryId), input.shortName);
      await assertNameFree(em, scope(input.countryId), input.name);
      const row = Object.assign(new StateEntity(), this.fields(input));
      await em.persist(row).flush();
      this.events.record(em, 'state', 'created', row.id, toState(row));
      return toState(row);
    });
  }

  update(id: number, input: StateData): Promise<State> {
    assertBodyId(id, input.id);
    return this.em.transactional(async (em) => {
      const row = await this.find(em, id);
      if (input.countryId !== row.countryId) await this.requireCountry(em, input.countryId);
      await assertShortNameFree(em, scope(input.countryId), input.shortName, id);
      await assertNameFree(em, scope(input.countryId), input.name, id);
      Object.assign(row, this.fields(input));
      await em.flush();
      this.events.record(em, 'state', 'updated', id, toState(row));
      return toState(row);
    });
  }

  remove(id: number): Promise<void> {
    return this.em.transactional(async (em) => {
      const row = await this.find(em, id);
      refuseDeleteWithChildren(await em.count(CityEntity, { stateId: id }), { what: 'state', name: row.name }, ['city', 'cities']);
      await em.remove(row).flush();
      this.events.record(em, 'state', 'deleted', id, null);
    });
  }

  private fields(input: StateData) {
    return { countryId: input.countryId, shortName: input.shortName, name: input.name, taxRate: input.taxRate };
  }

  private async requireCountry(em: EntityManager, countryId: number): Promise<void> {
    if (!(await em.count(CountryEntity, { id: countryId }))) throw missingParent('countryId', 'Country', countryId);
  }

  private async find(em: EntityManager, id: number): Promise<StateEntity> {
    const row = await em.findOne(StateEntity, { id });
    if (!row) throw new NotFoundError('State', id);
    return row;
  }
}
