import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { City, CityData } from '@backoffice/contracts';
import { NotFoundError } from '@backoffice/platform';
import { BoroughEntity } from '../boroughs/borough.entity';
import { assertBodyId, assertNameFree, missingParent, refuseDeleteWithChildren, type NameScope } from '../shared/geography-rules';
import { RegionEvents } from '../shared/region-events';
import { StateEntity } from '../states/state.entity';
import { CityEntity } from './city.entity';

const scope = (stateId: number): NameScope => ({
  table: 'cities',
  what: 'city',
  parent: { column: 'state_id', id: stateId, what: 'state' },
});

export function toCity(row: CityEntity): City {
  return { id: row.id, stateId: row.stateId, name: row.name, shippingFee: row.shippingFee, taxRate: row.taxRate ?? null };
}

@Injectable()
export class CitiesService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: RegionEvents,
  ) {}

  /** The cities of a state; an unknown state answers 404. */
  async listByState(stateId: number): Promise<City[]> {
    if (!(await this.em.count(StateEntity, { id: stateId }))) throw new NotFoundError('State', stateId);
    const rows = await this.em.find(CityEntity, { stateId }, { orderBy: { name: 'asc', id: 'asc' } });
    return rows.map(toCity);
  }

  async get(id: number): Promise<City> {
    return toCity(await this.find(this.em, id));
  }

  create(input: CityData): Promise<City> {
    return this.em.transactional(async (em) => {
      await this.requireState(em, input.stateId);
      await assertNameFree(em, scope(input.stateId), input.name);
      const row = Object.assign(new CityEntity(), this.fields(input));
      await em.persist(row).flush();
      this.events.record(em, 'city', 'created', row.id, toCity(row));
      return toCity(row);
    });
  }

  update(id: number, input: CityData): Promise<City> {
    assertBodyId(id, input.id);
    return this.em.transactional(async (em) => {
      const row = await this.find(em, id);
      if (input.stateId !== row.stateId) await this.requireState(em, input.stateId);
      await assertNameFree(em, scope(input.stateId), input.name, id);
      Object.assign(row, this.fields(input));
      await em.flush();
      this.events.record(em, 'city', 'updated', id, toCity(row));
      return toCity(row);
    });
  }

  remove(id: number): Promise<void> {
    return this.em.transactional(async (em) => {
      const row = await this.find(em, id);
      refuseDeleteWithChildren(await em.count(BoroughEntity, { cityId: id }), { what: 'city', name: row.name }, ['borough', 'boroughs']);
      await em.remove(row).flush();
      this.events.record(em, 'city', 'deleted', id, null);
    });
  }

  private fields(input: CityData) {
    return { stateId: input.stateId, name: input.name, shippingFee: input.shippingFee, taxRate: input.taxRate };
  }

  private async requireState(em: EntityManager, stateId: number): Promise<void> {
    if (!(await em.count(StateEntity, { id: stateId }))) throw missingParent('stateId', 'State', stateId);
  }

  private async find(em: EntityManager, id: number): Promise<CityEntity> {
    const row = await em.findOne(CityEntity, { id });
    if (!row) throw new NotFoundError('City', id);
    return row;
  }
}
