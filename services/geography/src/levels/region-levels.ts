import {
  AreaInputSchema,
  AreaSchema,
  BoroughInputSchema,
  BoroughSchema,
  CityInputSchema,
  CitySchema,
  StateInputSchema,
  StateSchema,
  type Area,
  type AreaData,
  type Borough,
  type BoroughData,
  type City,
  type CityData,
  type GeographyLevel,
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

/** A level's own columns, after id and the parent id, in the order the API answers them. */
type LevelField = 'shortName' | 'name' | 'shippingFee' | 'taxRate' | 'zipCodes';

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
    key: 'countryId' | 'stateId' | 'cityId' | 'boroughId';
    column: string;
    entity: RowClass;
  };
  fields: readonly LevelField[];
  /** Body and record schemas (libs/contracts). */
  input: typeof StateInputSchema | typeof CityInputSchema | typeof BoroughInputSchema | typeof AreaInputSchema;
  record: typeof StateSchema | typeof CitySchema | typeof BoroughSchema | typeof AreaSchema;
  /**
   * Levels with zip codes: each record's list is mirrored into its city's zip index (ZipCodeRegistry).
   * `cityOf` gives that city from the parent row; `carriesAreaZips`: moving the record to another city
   * takes its areas' zips along.
   */
  zips?: { cityOf(parent: LevelRow): number; carriesAreaZips?: boolean };
}

/**
 * The geography hierarchy below countries. Adding a level: its table in a migration, its entity in
 * level.entities.ts, its schemas in libs/contracts, and a row here (its controller is made in levels.controller.ts).
 */
export const LEVELS: Record<RegionLevelName, RegionLevel> = {
  state: {
    level: 'state',
    plural: 'states',
    label: 'State',
    table: 'states',
    entity: StateEntity,
    parent: { level: 'country', label: 'Country', key: 'countryId', column: 'country_id', entity: CountryEntity },
    fields: ['shortName', 'name', 'taxRate'],
    input: StateInputSchema,
    record: StateSchema,
  },
  city: {
    level: 'city',
    plural: 'cities',
    label: 'City',
    table: 'cities',
    entity: CityEntity,
    parent: { level: 'state', label: 'State', key: 'stateId', column: 'state_id', entity: StateEntity },
    fields: ['name', 'shippingFee', 'taxRate'],
    input: CityInputSchema,
    record: CitySchema,
  },
  borough: {
    level: 'borough',
    plural: 'boroughs',
    label: 'Borough',
    table: 'boroughs',
    entity: BoroughEntity,
    parent: { level: 'city', label: 'City', key: 'cityId', column: 'city_id', entity: CityEntity },
    fields: ['name', 'taxRate', 'zipCodes'],
    input: BoroughInputSchema,
    record: BoroughSchema,
    zips: { cityOf: (city) => city.id, carriesAreaZips: true },
  },
  area: {
    level: 'area',
    plural: 'areas',
    label: 'Area',
    table: 'areas',
    entity: AreaEntity,
    parent: { level: 'borough', label: 'Borough', key: 'boroughId', column: 'borough_id', entity: BoroughEntity },
    fields: ['name', 'taxRate', 'zipCodes'],
    input: AreaInputSchema,
    record: AreaSchema,
    zips: { cityOf: (borough) => borough.cityId as number },
  },
};

/** The level directly below `level` (states below countries); undefined for areas. */
export function childLevelOf(level: GeographyLevel): RegionLevel | undefined {
  return Object.values(LEVELS).find((candidate) => candidate.parent.level === level);
}
