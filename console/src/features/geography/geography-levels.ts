import {
  AreaInputSchema,
  BoroughInputSchema,
  CityInputSchema,
  CountryInputSchema,
  GEOGRAPHY_LEVELS,
  GEOGRAPHY_PATHS,
  StateInputSchema,
  type Area,
  type Borough,
  type City,
  type Country,
  type GeographyLevel,
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

/** Form fields a level's modal shows, in order. */
export type RegionField = 'shortName' | 'name' | 'shippingFee' | 'taxRate' | 'zipCodes';

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
  parentKey: 'countryId' | 'stateId' | 'cityId' | 'boroughId' | null;
  fields: readonly RegionField[];
  schema: typeof CountryInputSchema | typeof StateInputSchema | typeof CityInputSchema | typeof BoroughInputSchema | typeof AreaInputSchema;
  /** GET list key for a parent id (countries: no parent). */
  listPath(parentId: number | null): string;
  /** POST path. */
  collectionPath: string;
  /** PUT / DELETE path. */
  itemPath(id: number): string;
}

/** What a level's row says; the rest of its LevelConfig follows from its place in GEOGRAPHY_LEVELS. */
type LevelRow = Omit<LevelConfig, 'level' | 'noun' | 'parent' | 'child' | 'parentKey'>;

/** A level's config: the level above it in GEOGRAPHY_LEVELS is its parent (named by the parent's id field), the one below its child. */
function levelConfig(level: GeographyLevel, row: LevelRow): LevelConfig {
  const index = GEOGRAPHY_LEVELS.indexOf(level);
  const parent = index > 0 ? GEOGRAPHY_LEVELS[index - 1] : null;
  const child = index < GEOGRAPHY_LEVELS.length - 1 ? GEOGRAPHY_LEVELS[index + 1] : null;
  return { level, noun: level, parent, child, parentKey: parent && (`${parent}Id` as LevelConfig['parentKey']), ...row };
}

export const LEVELS: Record<GeographyLevel, LevelConfig> = {
  country: levelConfig('country', {
    title: 'Countries',
    icon: GlobeRegular,
    fields: ['shortName', 'name', 'taxRate'],
    schema: CountryInputSchema,
    listPath: () => GEOGRAPHY_PATHS.countries,
    collectionPath: GEOGRAPHY_PATHS.countries,
    itemPath: GEOGRAPHY_PATHS.country,
  }),
  state: levelConfig('state', {
    title: 'States',
    icon: MapRegular,
    fields: ['shortName', 'name', 'taxRate'],
    schema: StateInputSchema,
    listPath: (parentId) => GEOGRAPHY_PATHS.statesOfCountry(parentId ?? 0),
    collectionPath: GEOGRAPHY_PATHS.states,
    itemPath: GEOGRAPHY_PATHS.state,
  }),
  city: levelConfig('city', {
    title: 'Cities',
    icon: CityRegular,
    fields: ['name', 'shippingFee', 'taxRate'],
    schema: CityInputSchema,
    listPath: (parentId) => GEOGRAPHY_PATHS.citiesOfState(parentId ?? 0),
    collectionPath: GEOGRAPHY_PATHS.cities,
    itemPath: GEOGRAPHY_PATHS.city,
  }),
  borough: levelConfig('borough', {
    title: 'Boroughs',
    icon: BuildingRegular,
    fields: ['name', 'taxRate', 'zipCodes'],
    schema: BoroughInputSchema,
    listPath: (parentId) => GEOGRAPHY_PATHS.boroughsOfCity(parentId ?? 0),
    collectionPath: GEOGRAPHY_PATHS.boroughs,
    itemPath: GEOGRAPHY_PATHS.borough,
  }),
  area: levelConfig('area', {
    title: 'Areas',
    icon: LocationRegular,
    fields: ['name', 'taxRate', 'zipCodes'],
    schema: AreaInputSchema,
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
