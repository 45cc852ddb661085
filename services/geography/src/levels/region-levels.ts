import {
  GEOGRAPHY_LEVEL_FACTS,
  geographyParentOf,
  type Area,
  type AreaData,
  type Borough,
  type BoroughData,
  type City,
  type CityData,
  type GeographyField,
  type GeographyLevel,
  type GeographyParentKey,
  type State,
  type StateData,
} from '@backoffice/contracts';
import { CountryEntity } from '../countries/country.entity';
import type { NameScope } from '../regions/geography-rules';
import { AreaEntity, BoroughEntity, CityEntity, StateEntity, type RegionEntity } from './level.entities';

/** The levels below countries: each has a parent level and is served by the same code, driven by LEVELS. */
export type RegionLevelName = Exclude<GeographyLevel, 'country'>;

/** What each level's API takes (after validation) and answers. */
export interface LevelTypes {
  state: { data: StateData; record: State };
  city: { data: CityData; record: City };
  borough: { data: BoroughData; record: Borough };
  area: { data: AreaData; record: Area };
}
export type LevelData<L extends RegionLevelName> = LevelTypes[L]['data'];
export type LevelRecord<L extends RegionLevelName> = LevelTypes[L]['record'];

/** A level's entity class. */
type RowClass = new () => RegionEntity;

/** A row of any level: the common columns and the level's own (parent id, short name, fee, zips). */
export type LevelRow = RegionEntity & Record<string, unknown>;

export interface RegionLevel {
  level: RegionLevelName;
  /** "states": the plural the messages use, and the path under /api. */
  plural: string;
  /** "State": how errors name a record ("State 7 not found"). */
  label: string;
  table: NameScope['table'];
  entity: RowClass;
  parent: {
    level: GeographyLevel;
    label: string;
    /** The parent's id in bodies and records, and the list path's parameter. */
    key: GeographyParentKey;
    column: string;
    entity: RowClass;
  };
  /** Its own columns, after id and the parent id, in the order the API answers them. */
  fields: readonly GeographyField[];
  /** Body and record schemas (libs/contracts). */
  input: (typeof GEOGRAPHY_LEVEL_FACTS)[RegionLevelName]['input'];
  record: (typeof GEOGRAPHY_LEVEL_FACTS)[RegionLevelName]['record'];
  /**
   * Levels with zip codes: each record's list is mirrored into its city's zip index (ZipCodeRegistry).
   * `cityOf` gives that city from the parent row; `carriesAreaZips`: moving the record to another city
   * takes its areas' zips along.
   */
  zips?: { cityOf(parent: LevelRow): number; carriesAreaZips?: boolean };
}

/**
 * A level's row, from what libs/contracts declares of it (GEOGRAPHY_LEVEL_FACTS: its names, fields and schemas; its
 * parent from GEOGRAPHY_LEVELS) and what only this service knows: its table, its entities, its zip codes.
 */
function level(
  name: RegionLevelName,
  own: { table: NameScope['table']; entity: RowClass; parentColumn: string; parentEntity: RowClass; zips?: RegionLevel['zips'] },
): RegionLevel {
  const { label, plural, fields, input, record } = GEOGRAPHY_LEVEL_FACTS[name];
  const parent = geographyParentOf(name)!;
  return {
    level: name,
    plural,
    label,
    table: own.table,
    entity: own.entity,
    parent: { ...parent, label: GEOGRAPHY_LEVEL_FACTS[parent.level].label, column: own.parentColumn, entity: own.parentEntity },
    fields,
    input,
    record,
    ...(own.zips ? { zips: own.zips } : {}),
  };
}

/**
 * The geography hierarchy below countries. Adding a level: its table in a migration, its entity in
 * level.entities.ts, its name and facts in libs/contracts (GEOGRAPHY_LEVELS, GEOGRAPHY_LEVEL_FACTS), and a row here
 * (its controller is made in levels.controller.ts).
 */
export const LEVELS: Record<RegionLevelName, RegionLevel> = {
  state: level('state', { table: 'states', entity: StateEntity, parentColumn: 'country_id', parentEntity: CountryEntity }),
  city: level('city', { table: 'cities', entity: CityEntity, parentColumn: 'state_id', parentEntity: StateEntity }),
  borough: level('borough', {
    table: 'boroughs',
    entity: BoroughEntity,
    parentColumn: 'city_id',
    parentEntity: CityEntity,
    zips: { cityOf: (city) => city.id, carriesAreaZips: true },
  }),
  area: level('area', {
    table: 'areas',
    entity: AreaEntity,
    parentColumn: 'borough_id',
    parentEntity: BoroughEntity,
    zips: { cityOf: (borough) => borough.cityId as number },
  }),
};

/** The level directly below `level` (states below countries); undefined for areas. */
export function childLevelOf(level: GeographyLevel): RegionLevel | undefined {
  return Object.values(LEVELS).find((candidate) => candidate.parent.level === level);
}
