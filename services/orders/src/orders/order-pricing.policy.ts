/**
 * Order pricing, in integer cents: line totals from catalogue prices, the discount off the subtotal,
 * tax on what remains at the geography rate, and the city's shipping fee when something is shipped.
 */

export interface PricedLineInput {
  itemId: number;
  quantity: number;
  unitCents: number;
  /** Physical services are shipped; online ones are not. */
  shipped: boolean;
}

export interface PricingInput {
  lines: PricedLineInput[];
  discountCents: number;
  /** Percent with up to 4 decimals, e.g. 8.875. */
  taxRate: number;
  /** The matched city's fee; null when no city matched. */
  shippingFeeCents: number | null;
}

export interface PricedOrder {
  lines: (PricedLineInput & { totalCents: number })[];
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  shippingCents: number;
  amountCents: number;
}

/** Half-up rounding of a non-negative BigInt division. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** Tax in cents on `taxableCents` at `taxRate` percent (4 decimals kept), rounded half up. */
export function taxCents(taxableCents: number, taxRate: number): number {
  if (taxableCents <= 0 || taxRate <= 0) return 0;
  const rateTenThousandths = BigInt(Math.round(taxRate * 10_000)); // 8.875 % → 88750
  return Number(divideRounded(BigInt(taxableCents) * rateTenThousandths, 1_000_000n));
}

export type PricingOutcome = { ok: true; order: PricedOrder } | { ok: false; path: string; message: string };

export function priceOrder(input: PricingInput): PricingOutcome {
  const lines = input.lines.map((line) => ({ ...line, totalCents: line.unitCents * line.quantity }));
  const subtotalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  if (input.discountCents > subtotalCents) {
    return { ok: false, path: 'discount', message: 'The discount cannot be more than the items’ subtotal.' };
  }
  const tax = taxCents(subtotalCents - input.discountCents, input.taxRate);
  const shippingCents = lines.some((line) => line.shipped) ? (input.shippingFeeCents ?? 0) : 0;
  return {
    ok: true,
    order: {
      lines,
      subtotalCents,
      discountCents: input.discountCents,
      taxCents: tax,
      shippingCents,
      amountCents: subtotalCents - input.discountCents + tax + shippingCents,
    },
  };
}
