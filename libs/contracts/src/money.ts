/**
 * Money is counted in whole cents wherever it is added, compared or stored: floats drift (0.1 + 0.2), integers do not.
 * Amounts travel as JSON numbers of dollars (12.5) and are stored as numeric(12,2) decimals ("12.50").
 */

/** "12.50" or 12.5 → 1250. */
export function toCents(value: string | number): number {
  return Math.round(Number(value) * 100);
}

/** 1250 → 12.5 (a JSON number). */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** 1250 → "12.50" (what a numeric(12,2) column takes), exact for any whole number of cents. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
