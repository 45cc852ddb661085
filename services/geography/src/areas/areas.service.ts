import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { parseZipCodes, type Area, type AreaData } from '@backoffice/contracts';
import { NotFoundError } from '@backoffice/platform';
import { BoroughEntity } from '../boroughs/borough.entity';
import { assertBodyId, assertNameFree, missingParent, type NameScope } from '../shared/geography-rules';
import { RegionEvents } from '../shared/region-events';
import { ZipCodeRegistry } from '../zip-codes/zip-code-registry';
import { AreaEntity } from './area.entity';

const scope = (boroughId: number): NameScope => ({
  table: 'areas',
  what: 'area',
  parent: { column: 'borough_id', id: boroughId, what: 'borough' },
});

export function toArea(row: AreaEntity): Area {
  return { id: row.id, boroughId: row.boroughId, name: row.name, taxRate: row.taxRate ?? null, zipCodes: row.zipCodes };
}

@Injectable()
export class AreasService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: RegionEvents,
    private readonly zips: ZipCodeRegistry,
  ) {}

  /** The areas of a borough; an unknown borough answers 404. */
  async listByBorough(boroughId: number): Promise<Area[]> {
    if (!(await this.em.count(BoroughEntity, { id: boroughId }))) throw new NotFoundError('Borough', boroughId);
    const rows = await this.em.find(AreaEntity, { boroughId }, { orderBy: { name: 'asc', id: 'asc' } });
    return rows.map(toArea);
  }

  async get(id: number): Promise<Area> {
    return toArea(await this.find(this.em, id));
  }

  create(input: AreaData): Promise<Area> {
    return this.em.transactional(async (em) => {
      const borough = await this.requireBorough(em, input.boroughId);
      await assertNameFree(em, scope(input.boroughId), input.name);
      const row = Object.assign(new AreaEntity(), this.fields(input));
      await em.persist(row).flush();
      await this.zips.assign(em, 'area', row.id, borough.cityId, parseZipCodes(row.zipCodes));
      this.events.record(em, 'area', 'created', row.id, toArea(row));
      return toArea(row);
    });
  }

  update(id: number, input: AreaData): Promise<Area> {
    assertBodyId(id, input.id);
    return this.em.transactional(async (em) => {
      const row = await this.find(em, id);
      const borough = await this.requireBorough(em, input.boroughId);
      await assertNameFree(em, scope(input.boroughId), input.name, id);
      Object.assign(row, this.fields(input));
      await em.flush();
      await this.zips.assign(em, 'area', id, borough.cityId, parseZipCodes(row.zipCodes));
      this.events.record(em, 'area', 'updated', id, toArea(row));
      return toArea(row);
    });
  }

  /** Areas have no children; their rows in the zip index go with them (on delete cascade). */
  remove(id: number): Promise<void> {
    return this.em.transactional(async (em) => {
      const row = await this.find(em, id);
      await em.remove(row).flush();
      this.events.record(em, 'area', 'deleted', id, null);
    });
  }

  private fields(input: AreaData) {
    return { boroughId: input.boroughId, name: input.name, taxRate: input.taxRate, zipCodes: input.zipCodes };
  }

  private async requireBorough(em: EntityManager, boroughId: number): Promise<BoroughEntity> {
    const borough = await em.findOne(BoroughEntity, { id: boroughId });
    if (!borough) throw missingParent('boroughId', 'Borough', boroughId);
    return borough;
  }

  private async find(em: EntityManager, id: number): Promise<AreaEntity> {
    const row = await em.findOne(AreaEntity, { id });
    if (!row) throw new NotFoundError('Area', id);
    return row;
  }
}
