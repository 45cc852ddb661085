import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FilterQuery } from '@mikro-orm/core';
import { parseZipCodes } from '@backoffice/contracts';
import { NotFoundError } from '@backoffice/platform';
import {
  assertBodyId,
  assertNameFree,
  assertShortNameFree,
  missingParent,
  refuseDeleteWithChildren,
  type NameScope,
} from '../regions/geography-rules';
import { RegionEvents } from '../regions/region-events';
import { ZipCodeRegistry } from '../zip-codes/zip-code-registry';
import {
  childLevelOf,
  LEVELS,
  type LevelData,
  type LevelRecord,
  type LevelRow,
  type RegionLevel,
  type RegionLevelName,
} from './region-levels';

const scope = (def: RegionLevel, parentId: number): NameScope => ({
  table: def.table,
  what: def.level,
  parent: { column: def.parent.column, id: parentId, what: def.parent.level },
});

/** A row as the API answers it: id, the parent's id, then the level's fields (a tax rate not set is null). */
function toRecord(def: RegionLevel, row: LevelRow): Record<string, unknown> {
  const record: Record<string, unknown> = { id: row.id, [def.parent.key]: row[def.parent.key] };
  for (const field of def.fields) record[field] = field === 'taxRate' ? (row.taxRate ?? null) : row[field];
  return record;
}

/**
 * States, cities, boroughs and areas: one implementation, the differences read from LEVELS.
 * Names are unique within the parent, short names too where a level has them; a parent with children
 * cannot be deleted; every change goes to the outbox in its transaction.
 */
@Injectable()
export class RegionLevelsService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: RegionEvents,
    private readonly zips: ZipCodeRegistry,
  ) {}

  /** The records under one parent, by name; an unknown parent answers 404. */
  async listByParent<L extends RegionLevelName>(level: L, parentId: number): Promise<LevelRecord<L>[]> {
    const def = LEVELS[level];
    if (!(await this.em.count(def.parent.entity, { id: parentId }))) throw new NotFoundError(def.parent.label, parentId);
    const rows = await this.em.find(def.entity, { [def.parent.key]: parentId } as FilterQuery<LevelRow>, {
      orderBy: { name: 'asc', id: 'asc' },
    });
    return rows.map((row) => toRecord(def, row as LevelRow) as LevelRecord<L>);
  }

  async get<L extends RegionLevelName>(level: L, id: number): Promise<LevelRecord<L>> {
    const def = LEVELS[level];
    return toRecord(def, await this.find(this.em, def, id)) as LevelRecord<L>;
  }

  create<L extends RegionLevelName>(level: L, input: LevelData<L>): Promise<LevelRecord<L>> {
    const def = LEVELS[level];
    const data = input as Record<string, unknown>;
    const parentId = data[def.parent.key] as number;
    return this.em.transactional(async (em) => {
      const parent = await this.requireParent(em, def, parentId);
      await this.assertNamesFree(em, def, data);
      const row = Object.assign(new def.entity(), this.fields(def, data)) as LevelRow;
      await em.persist(row).flush();
      if (def.zips) await this.zips.assign(em, zipLevel(def), row.id, def.zips.cityOf(parent), parseZipCodes(row.zipCodes as string));
      const record = toRecord(def, row);
      this.events.record(em, level, 'created', row.id, record as LevelRecord<L>);
      return record as LevelRecord<L>;
    });
  }

  update<L extends RegionLevelName>(level: L, id: number, input: LevelData<L>): Promise<LevelRecord<L>> {
    const def = LEVELS[level];
    const data = input as Record<string, unknown>;
    const parentId = data[def.parent.key] as number;
    assertBodyId(id, input.id);
    return this.em.transactional(async (em) => {
      const row = await this.find(em, def, id);
      const moved = row[def.parent.key] !== parentId;
      const parent = await this.requireParent(em, def, parentId);
      await this.assertNamesFree(em, def, data, id);
      Object.assign(row, this.fields(def, data));
      await em.flush();
      if (def.zips) {
        const cityId = def.zips.cityOf(parent);
        await this.zips.assign(em, zipLevel(def), id, cityId, parseZipCodes(row.zipCodes as string));
        if (moved && def.zips.carriesAreaZips) await this.zips.moveBoroughToCity(em, id, cityId);
      }
      const record = toRecord(def, row);
      this.events.record(em, level, 'updated', id, record as LevelRecord<L>);
      return record as LevelRecord<L>;
    });
  }

  /** Refused while the record has children; its rows in the zip index go with it (on delete cascade). */
  remove(level: RegionLevelName, id: number): Promise<void> {
    const def = LEVELS[level];
    const child = childLevelOf(level);
    return this.em.transactional(async (em) => {
      const row = await this.find(em, def, id);
      if (child) {
        const children = await em.count(child.entity, { [child.parent.key]: id } as FilterQuery<LevelRow>);
        refuseDeleteWithChildren(children, { what: def.level, name: row.name }, [child.level, child.plural]);
      }
      await em.remove(row).flush();
      this.events.record(em, level, 'deleted', id, null);
    });
  }

  private async assertNamesFree(em: EntityManager, def: RegionLevel, data: Record<string, unknown>, excludeId?: number): Promise<void> {
    const where = scope(def, data[def.parent.key] as number);
    if (def.fields.includes('shortName')) await assertShortNameFree(em, where, data.shortName as string, excludeId);
    await assertNameFree(em, where, data.name as string, excludeId);
  }

  /** The columns a body sets: the parent's id and the level's fields. */
  private fields(def: RegionLevel, data: Record<string, unknown>): Record<string, unknown> {
    return Object.fromEntries([def.parent.key, ...def.fields].map((field) => [field, data[field]]));
  }

  /** The parent named in a body; a field error on the parent's id when it does not exist. */
  private async requireParent(em: EntityManager, def: RegionLevel, parentId: number): Promise<LevelRow> {
    const parent = await em.findOne(def.parent.entity, { id: parentId });
    if (!parent) throw missingParent(def.parent.key, def.parent.label, parentId);
    return parent as LevelRow;
  }

  private async find(em: EntityManager, def: RegionLevel, id: number): Promise<LevelRow> {
    const row = await em.findOne(def.entity, { id });
    if (!row) throw new NotFoundError(def.label, id);
    return row as LevelRow;
  }
}

const zipLevel = (def: RegionLevel) => def.level as 'borough' | 'area';
