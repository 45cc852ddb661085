import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { parseZipCodes, type Borough, type BoroughData } from '@backoffice/contracts';
import { NotFoundError } from '@backoffice/platform';
import { AreaEntity } from '../areas/area.entity';
import { CityEntity } from '../cities/city.entity';
import { assertBodyId, assertNameFree, missingParent, refuseDeleteWithChildren, type NameScope } from '../shared/geography-rules';
import { RegionEvents } from '../shared/region-events';
import { ZipCodeRegistry } from '../zip-codes/zip-code-registry';
import { BoroughEntity } from './borough.entity';

const scope = (cityId: number): NameScope => ({
  table: 'boroughs',
  what: 'borough',
  parent: { column: 'city_id', id: cityId, what: 'city' },
});

export function toBorough(row: BoroughEntity): Borough {
  return { id: row.id, cityId: row.cityId, name: row.name, taxRate: row.taxRate ?? null, zipCodes: row.zipCodes };
}

@Injectable()
export class BoroughsService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: RegionEvents,
    private readonly zips: ZipCodeRegistry,
  ) {}

  /** The boroughs of a city; an unknown city answers 404. */
  async listByCity(cityId: number): Promise<Borough[]> {
    if (!(await this.em.count(CityEntity, { id: cityId }))) throw new NotFoundError('City', cityId);
    const rows = await this.em.find(BoroughEntity, { cityId }, { orderBy: { name: 'asc', id: 'asc' } });
    return rows.map(toBorough);
  }

  async get(id: number): Promise<Borough> {
    return toBorough(await this.find(this.em, id));
  }

  create(input: BoroughData): Promise<Borough> {
    return this.em.transactional(async (em) => {
      await this.requireCity(em, input.cityId);
      await assertNameFree(em, scope(input.cityId), input.name);
      const row = Object.assign(new BoroughEntity(), this.fields(input));
      await em.persist(row).flush();
      await this.zips.assign(em, 'borough', row.id, row.cityId, parseZipCodes(row.zipCodes));
      this.events.record(em, 'borough', 'created', row.id, toBorough(row));
      return toBorough(row);
    });
  }

  update(id: number, input: BoroughData): Promise<Borough> {
    assertBodyId(id, input.id);
    return this.em.transactional(async (em) => {
      const row = await this.find(em, id);
      const moved = input.cityId !== row.cityId;
      if (moved) await this.requireCity(em, input.cityId);
      await assertNameFree(em, scope(input.cityId), input.name, id);
      Object.assign(row, this.fields(input));
      await em.flush();
      await this.zips.assign(em, 'borough', id, row.cityId, parseZipCodes(row.zipCodes));
      if (moved) await this.zips.moveBoroughToCity(em, id, row.cityId);
      this.events.record(em, 'borough', 'updated', id, toBorough(row));
      return toBorough(row);
    });
  }

  remove(id: number): Promise<void> {
    return this.em.transactional(async (em) => {
      const row = await this.find(em, id);
      refuseDeleteWithChildren(await em.count(AreaEntity, { boroughId: id }), { what: 'borough', name: row.name }, ['area', 'areas']);
      // Its rows in the zip index go with it (on delete cascade).
      await em.remove(row).flush();
      this.events.record(em, 'borough', 'deleted', id, null);
    });
  }

  private fields(input: BoroughData) {
    return { cityId: input.cityId, name: input.name, taxRate: input.taxRate, zipCodes: input.zipCodes };
  }

  private async requireCity(em: EntityManager, cityId: number): Promise<void> {
    if (!(await em.count(CityEntity, { id: cityId }))) throw missingParent('cityId', 'City', cityId);
  }

  private async find(em: EntityManager, id: number): Promise<BoroughEntity> {
    const row = await em.findOne(BoroughEntity, { id });
    if (!row) throw new NotFoundError('Borough', id);
    return row;
  }
}
