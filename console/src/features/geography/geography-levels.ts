import {
  GEOGRAPHY_LEVEL_FACTS,
  GEOGRAPHY_LEVELS,
  GEOGRAPHY_PATHS,
  geographyParentOf,
  type Area,
  type Borough,
  type City,
  type Country,
  type GeographyField,
  type GeographyLevel,
  type GeographyParentKey,
  type State,
} from '@backoffice/contracts';
import { BuildingRegular, CityRegular, GlobeRegular, LocationRegular, MapRegular, type FluentIcon } from '@fluentui/react-icons';

export type RegionRecord = Country | State | City | Borough | Area;

export interface RegionByLevel {
  country: Country;
  state: State;
  city: City;
  borough: Borough;
  area: Area;
}

/** Form fields a level's modal shows, in order (libs/contracts' GeographyField). */
export type RegionField = GeographyField;

/** What the screen needs to know about one level of the hierarchy. */
export interface LevelConfig {
  level: GeographyLevel;
  /** "state" as in "Add state", "Edit state". */
  noun: string;
  /** Column title. */
  title: string;
  /** The column's icon. */
  icon: FluentIcon;
  /** The level above ("country" for states); null for countries. */
  parent: GeographyLevel | null;
  /** The level below; null for the last level (edit only, no select). */
  child: GeographyLevel | null;
  /** The parent's id field in the body. */
  parentKey: GeographyParentKey | null;
  fields: readonly RegionField[];
  schema: (typeof GEOGRAPHY_LEVEL_FACTS)[GeographyLevel]['input'];
  /** GET list key for a parent id (countries: no parent). */
  listPath(parentId: number | null): string;
  /** POST path. */
  collectionPath: string;
  /** PUT / DELETE path. */
  itemPath(id: number): string;
}

/** What a level's row says; the rest of its LevelConfig is libs/contracts' (GEOGRAPHY_LEVEL_FACTS, GEOGRAPHY_LEVELS). */
type LevelRow = Omit<LevelConfig, 'level' | 'noun' | 'title' | 'fields' | 'schema' | 'parent' | 'child' | 'parentKey'>;

/**
 * A level's config: its names, fields and schema as libs/contracts declares them; the level above it in
 * GEOGRAPHY_LEVELS is its parent (named by the parent's id field), the one below its child.
 */
function levelConfig(level: GeographyLevel, row: LevelRow): LevelConfig {
  const { plural, fields, input } = GEOGRAPHY_LEVEL_FACTS[level];
  const index = GEOGRAPHY_LEVELS.indexOf(level);
  const parent = geographyParentOf(level);
  const child = index < GEOGRAPHY_LEVELS.length - 1 ? GEOGRAPHY_LEVELS[index + 1] : null;
  const title = plural.charAt(0).toUpperCase() + plural.slice(1);
  return { level, noun: level, title, fields, schema: input, parent: parent?.level ?? null, child, parentKey: parent?.key ?? null, ...row };
}

export const LEVELS: Record<GeographyLevel, LevelConfig> = {
  country: levelConfig('country', {
    icon: GlobeRegular,
    listPath: () => GEOGRAPHY_PATHS.countries,
    collectionPath: GEOGRAPHY_PATHS.countries,
    itemPath: GEOGRAPHY_PATHS.country,
  }),
  state: levelConfig('state', {
    icon: MapRegular,
    listPath: (parentId) => GEOGRAPHY_PATHS.statesOfCountry(parentId ?? 0),
    collectionPath: GEOGRAPHY_PATHS.states,
    itemPath: GEOGRAPHY_PATHS.state,
  }),
  city: levelConfig('city', {
    icon: CityRegular,
    listPath: (parentId) => GEOGRAPHY_PATHS.citiesOfState(parentId ?? 0),
    collectionPath: GEOGRAPHY_PATHS.cities,
    itemPath: GEOGRAPHY_PATHS.city,
  }),
  borough: levelConfig('borough', {
    icon: BuildingRegular,
    listPath: (parentId) => GEOGRAPHY_PATHS.boroughsOfCity(parentId ?? 0),
    collectionPath: GEOGRAPHY_PATHS.boroughs,
    itemPath: GEOGRAPHY_PATHS.borough,
  }),
  area: levelConfig('area', {
    icon: LocationRegular,
    listPath: (parentId) => GEOGRAPHY_PATHS.areasOfBorough(parentId ?? 0),
    collectionPath: GEOGRAPHY_PATHS.areas,
    itemPath: GEOGRAPHY_PATHS.area,
  }),
};

/** The levels that can be selected, top down: every level but the last, which is edit only. */
export const SELECTABLE_LEVELS: readonly GeographyLevel[] = GEOGRAPHY_LEVELS.slice(0, -1);

/** "8.875%" in the user's locale, up to 4 decimals. */
export function formatRate(rate: number): string {
  return `${rate.toLocaleString(undefined, { maximumFractionDigits: 4 })}%`;
}

/** The zip codes of a normalised list, as a short text: "10001, 10002 +5". */
export function zipSummary(zipCodes: string, shown = 3): string {
  const zips = zipCodes ? zipCodes.split(',') : [];
  if (zips.length <= shown) return zips.join(', ');
  return `${zips.slice(0, shown).join(', ')} +${zips.length - shown}`;
}
