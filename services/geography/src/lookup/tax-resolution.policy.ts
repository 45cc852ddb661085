import type { GeographyLevel } from '@backoffice/contracts';

export interface RatedPlace {
  taxRate: number | null;
}

/** The levels of one address that were found; a level absent or null was not matched. */
export type MatchedPlaces = Partial<Record<GeographyLevel, RatedPlace | null>>;

/** From the most specific level to the most general. */
export const TAX_PRECEDENCE: readonly GeographyLevel[] = ['area', 'borough', 'city', 'state', 'country'];

export interface TaxResolution {
  /** Percent; 0 when no matched level has a rate. */
  taxRate: number;
  taxLevel: GeographyLevel | null;
}

/**
 * The tax rate of an address: the rate of the most specific matched level that has one
 * (area by zip, borough by zip, city, state, country). A rate of 0 is a rate (it wins);
 * null means the level has none and the next level up decides.
 */
export function resolveTaxRate(matched: MatchedPlaces): TaxResolution {
  for (const level of TAX_PRECEDENCE) {
    const rate = matched[level]?.taxRate;
    if (rate !== null && rate !== undefined) return { taxRate: rate, taxLevel: level };
  }
  return { taxRate: 0, taxLevel: null };
}

/**
 * The zip codes to try for a typed zip, most precise first: the zip itself and, for a ZIP+4
 * ("10001-1234"), its five-digit part.
 */
export function zipCandidates(zip: string): string[] {
  const base = /^(\d{5})-\d{4}$/.exec(zip)?.[1];
  return base ? [zip, base] : [zip];
}
