import { z } from 'zod';

/**
 * Geography: country → state → city → borough → area, carrying tax rates (percent),
 * the city's shipping fee and the zip codes of boroughs and areas.
 * Paths are the specification's (kept outside the repository; docs/product.md) plus the tax and shipping lookup.
 */
export const GEOGRAPHY_LEVELS = ['country', 'state', 'city', 'borough', 'area'] as const;
export type GeographyLevel = (typeof GEOGRAPHY_LEVELS)[number];

/**
 * Geography's routes for the other services only, on the internal network (the gateway never routes them): orders
 * prices an order with the lookup on its own behalf, whatever the caller's token may read.
 */
export const GEOGRAPHY_INTERNAL_PATHS = {
  lookup: '/internal/geography/lookup',
} as const;

export const GEOGRAPHY_PATHS = {
  countries: '/api/countries',
  country: (id: number) => `/api/countries/${id}`,
  states: '/api/states',
  statesOfCountry: (countryId: number) => `/api/states/country/${countryId}`,
  state: (id: number) => `/api/states/${id}`,
  cities: '/api/cities',
  citiesOfState: (stateId: number) => `/api/cities/state/${stateId}`,
  city: (id: number) => `/api/cities/${id}`,
  boroughs: '/api/boroughs',
  boroughsOfCity: (cityId: number) => `/api/boroughs/city/${cityId}`,
  borough: (id: number) => `/api/boroughs/${id}`,
  areas: '/api/areas',
  areasOfBorough: (boroughId: number) => `/api/areas/borough/${boroughId}`,
  area: (id: number) => `/api/areas/${id}`,
  lookup: '/api/geography/lookup',
} as const;

// ---------------------------------------------------------------------------------------------
// Zip code lists: "10001, 10002 ,10001" → "10001,10002" (trimmed, upper case, de-duplicated).

/** One zip or postal code: letters, digits, spaces and hyphens (e.g. 10001, 10001-1234, SW1A 1AA). */
export const ZIP_CODE_PATTERN = /^[A-Z0-9](?:[A-Z0-9 -]{0,10}[A-Z0-9])?$/;
export const MAX_ZIP_CODES = 500;

/** A single zip code as typed → its stored form (trimmed, inner spaces collapsed, upper case). */
export function normalizeZipCode(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** The zip codes of a comma (or line) separated list, normalised, in order, without repeats or blanks. */
export function parseZipCodes(value: string | null | undefined): string[] {
  const seen = new Set<string>();
  for (const part of (value ?? '').split(/[,;\n\r]+/)) {
    const zip = normalizeZipCode(part);
    if (zip) seen.add(zip);
  }
  return [...seen];
}

/** The stored, normalised comma list. */
export function normalizeZipCodes(value: string | null | undefined): string {
  return parseZipCodes(value).join(',');
}

/** The entries of a list that are not valid zip codes. */
export function invalidZipCodes(value: string | null | undefined): string[] {
  return parseZipCodes(value).filter((zip) => !ZIP_CODE_PATTERN.test(zip));
}

// ---------------------------------------------------------------------------------------------
// Field rules shared by the forms and the service.

const hasAtMostDecimals = (value: number, decimals: number) => {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

export const GeographyNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must have at most 100 characters');

/** Country and state short name: exactly 2 letters, stored upper case. */
export const ShortNameSchema = z
  .string({ error: 'Short name is required' })
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Short name must be exactly 2 letters')
  .transform((value) => value.toUpperCase());

/** A percentage from 0 to 100 with up to 4 decimals; null (or absent) means "use the parent's rate". */
export const TaxRateSchema = z
  .number({ error: 'Tax rate must be a number' })
  .min(0, 'Tax rate must be between 0 and 100')
  .max(100, 'Tax rate must be between 0 and 100')
  .refine((value) => hasAtMostDecimals(value, 4), 'Tax rate may have at most 4 decimals')
  .nullable()
  .default(null);

/** An amount of money, 0 or more, in cents precision. */
export const ShippingFeeSchema = z
  .number({ error: 'Shipping fee must be a number' })
  .min(0, 'Shipping fee must be 0 or more')
  .max(9_999_999_999.99, 'Shipping fee is too large')
  .refine((value) => hasAtMostDecimals(value, 2), 'Shipping fee may have at most 2 decimals')
  .default(0);

/** A comma separated list of zip codes; answered normalised ("10001,10002"). */
export const ZipCodesSchema = z
  .string({ error: 'Zip codes must be a comma separated list' })
  .max(8000, 'The zip code list is too long')
  .nullable()
  .default('')
  .superRefine((value, ctx) => {
    const invalid = invalidZipCodes(value);
    if (invalid.length) {
      ctx.addIssue({
        code: 'custom',
        message: `Not a valid zip code: ${invalid.slice(0, 5).join(', ')}${invalid.length > 5 ? ', …' : ''}`,
      });
    } else if (parseZipCodes(value).length > MAX_ZIP_CODES) {
      ctx.addIssue({ code: 'custom', message: `At most ${MAX_ZIP_CODES} zip codes` });
    }
  })
  .transform((value) => normalizeZipCodes(value));

const ParentIdSchema = (what: string) =>
  z
    .number({ error: `${what} is required` })
    .int(`${what} must be an id`)
    .positive(`${what} is required`)
    .max(2147483647, `${what} must be an id`);

/** A PUT body may repeat the record's id (the original client sends the whole record); it must match the path. */
const BodyIdSchema = z.number().int().nonnegative().optional();

// ---------------------------------------------------------------------------------------------
// Request bodies (POST creates, PUT /{id} replaces).

export const CountryInputSchema = z.object({
  id: BodyIdSchema,
  shortName: ShortNameSchema,
  name: GeographyNameSchema,
  taxRate: TaxRateSchema,
});
export type CountryInput = z.input<typeof CountryInputSchema>;
export type CountryData = z.output<typeof CountryInputSchema>;

export const StateInputSchema = z.object({
  id: BodyIdSchema,
  countryId: ParentIdSchema('Country'),
  shortName: ShortNameSchema,
  name: GeographyNameSchema,
  taxRate: TaxRateSchema,
});
export type StateInput = z.input<typeof StateInputSchema>;
export type StateData = z.output<typeof StateInputSchema>;

export const CityInputSchema = z.object({
  id: BodyIdSchema,
  stateId: ParentIdSchema('State'),
  name: GeographyNameSchema,
  shippingFee: ShippingFeeSchema,
  taxRate: TaxRateSchema,
});
export type CityInput = z.input<typeof CityInputSchema>;
export type CityData = z.output<typeof CityInputSchema>;

export const BoroughInputSchema = z.object({
  id: BodyIdSchema,
  cityId: ParentIdSchema('City'),
  name: GeographyNameSchema,
  taxRate: TaxRateSchema,
  zipCodes: ZipCodesSchema,
});
export type BoroughInput = z.input<typeof BoroughInputSchema>;
export type BoroughData = z.output<typeof BoroughInputSchema>;

export const AreaInputSchema = z.object({
  id: BodyIdSchema,
  boroughId: ParentIdSchema('Borough'),
  name: GeographyNameSchema,
  taxRate: TaxRateSchema,
  zipCodes: ZipCodesSchema,
});
export type AreaInput = z.input<typeof AreaInputSchema>;
export type AreaData = z.output<typeof AreaInputSchema>;

// ---------------------------------------------------------------------------------------------
// Records as the API answers them. taxRate null: the level has no rate of its own.

const recordId = z.number().int().positive();
/** A level's own tax rate in percent; null: the level has no rate of its own. */
const ownTaxRate = z.number().nullable();
/** A level's zip codes as stored: the normalised comma list. */
const zipCodeList = z.string().meta({ description: 'Normalised comma list, e.g. "10001,10002".' });

export const CountrySchema = z
  .object({ id: recordId, shortName: z.string(), name: z.string(), taxRate: ownTaxRate })
  .meta({ id: 'Country' });
export type Country = z.infer<typeof CountrySchema>;

export const StateSchema = z
  .object({ id: recordId, countryId: recordId, shortName: z.string(), name: z.string(), taxRate: ownTaxRate })
  .meta({ id: 'State' });
export type State = z.infer<typeof StateSchema>;

export const CitySchema = z
  .object({ id: recordId, stateId: recordId, name: z.string(), shippingFee: z.number(), taxRate: ownTaxRate })
  .meta({ id: 'City' });
export type City = z.infer<typeof CitySchema>;

export const BoroughSchema = z
  .object({
    id: recordId,
    cityId: recordId,
    name: z.string(),
    taxRate: ownTaxRate,
    zipCodes: zipCodeList,
  })
  .meta({ id: 'Borough' });
export type Borough = z.infer<typeof BoroughSchema>;

export const AreaSchema = z
  .object({
    id: recordId,
    boroughId: recordId,
    name: z.string(),
    taxRate: ownTaxRate,
    zipCodes: zipCodeList,
  })
  .meta({ id: 'Area' });
export type Area = z.infer<typeof AreaSchema>;

// ---------------------------------------------------------------------------------------------
// The levels, declared once: what each is called, its own fields and its schemas. The geography service's levels
// (services/geography/src/levels/region-levels.ts) and the console's (features/geography/geography-levels.ts) read
// them; the order of GEOGRAPHY_LEVELS gives each level its parent.

/** A level's own fields, after its id and its parent's id, in the order the API answers them and the form shows them. */
export type GeographyField = 'shortName' | 'name' | 'shippingFee' | 'taxRate' | 'zipCodes';

export const GEOGRAPHY_LEVEL_FACTS = {
  country: {
    label: 'Country',
    plural: 'countries',
    fields: ['shortName', 'name', 'taxRate'],
    input: CountryInputSchema,
    record: CountrySchema,
  },
  state: { label: 'State', plural: 'states', fields: ['shortName', 'name', 'taxRate'], input: StateInputSchema, record: StateSchema },
  city: { label: 'City', plural: 'cities', fields: ['name', 'shippingFee', 'taxRate'], input: CityInputSchema, record: CitySchema },
  borough: {
    label: 'Borough',
    plural: 'boroughs',
    fields: ['name', 'taxRate', 'zipCodes'],
    input: BoroughInputSchema,
    record: BoroughSchema,
  },
  area: { label: 'Area', plural: 'areas', fields: ['name', 'taxRate', 'zipCodes'], input: AreaInputSchema, record: AreaSchema },
} as const satisfies Record<
  GeographyLevel,
  { label: string; plural: string; fields: readonly GeographyField[]; input: z.ZodType; record: z.ZodType }
>;

/** The name of a level's id in its children's bodies and records ("countryId"). */
export type GeographyParentKey = `${Exclude<GeographyLevel, 'area'>}Id`;

/** The level above `level` (null for countries) and the name its id has in `level`'s bodies and records. */
export function geographyParentOf(level: GeographyLevel): { level: GeographyLevel; key: GeographyParentKey } | null {
  const parent = GEOGRAPHY_LEVELS[GEOGRAPHY_LEVELS.indexOf(level) - 1] as Exclude<GeographyLevel, 'area'> | undefined;
  return parent ? { level: parent, key: `${parent}Id` } : null;
}

// ---------------------------------------------------------------------------------------------
// Tax and shipping lookup: GET /api/geography/lookup?country=&state=&city=&zip=

const lookupText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

export const GeographyLookupQuerySchema = z.object({
  /** ISO 3166 alpha-2 ("US"), alpha-3 ("USA") or name ("United States"), any case. */
  country: z
    .string({ error: 'Country is required' })
    .trim()
    .min(1, 'Country is required')
    .max(100)
    .meta({ description: 'ISO 3166 alpha-2 ("US"), alpha-3 ("USA") or the country\'s name ("United States"), any case.' }),
  /** Short name ("NY") or name ("New York"), any case. */
  state: lookupText(100),
  /** City name, any case. */
  city: lookupText(100),
  zip: lookupText(20),
});
export type GeographyLookupQuery = z.input<typeof GeographyLookupQuerySchema>;

export const GeographyLookupResultSchema = z
  .object({
    taxRate: z.number().meta({
      description: 'The rate of the most specific matched level that has one (area, borough, city, state, country); 0 when none has.',
    }),
    taxLevel: z
      .enum(GEOGRAPHY_LEVELS)
      .nullable()
      .meta({ description: 'Which level the rate came from; null when no matched level has a rate.' }),
    shippingFee: z.number().nullable().meta({ description: "The matched city's shipping fee; null when no city matched." }),
    matched: z.object({
      countryId: recordId,
      stateId: recordId.nullable(),
      cityId: recordId.nullable(),
      boroughId: recordId.nullable(),
      areaId: recordId.nullable(),
    }),
  })
  .meta({ id: 'GeographyLookupResult' });
export type GeographyLookupResult = z.infer<typeof GeographyLookupResultSchema>;

// ---------------------------------------------------------------------------------------------
// Events on `geography.region.v1` (key "<level>:<id>"): types "<level>.created|updated|deleted".

export const GEOGRAPHY_TOPIC = 'geography.region.v1';

export const GeographyRecordSchema = z.union([CountrySchema, StateSchema, CitySchema, BoroughSchema, AreaSchema]);
export type GeographyRecord = Country | State | City | Borough | Area;

export const GeographyRegionEventSchema = z
  .object({
    level: z.enum(GEOGRAPHY_LEVELS),
    id: z.number().int(),
    record: GeographyRecordSchema.nullable().meta({ description: 'The record after the change; null for a deletion.' }),
  })
  .meta({ id: 'GeographyRegionEvent' });
export type GeographyRegionEvent = z.infer<typeof GeographyRegionEventSchema>;
