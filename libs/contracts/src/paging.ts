import { z } from 'zod';

/** Canonical decimal digits: no sign, spaces, leading zeros, hex or exponent. */
const DIGITS = /^(0|[1-9][0-9]{0,15})$/;

/**
 * A whole number where it travels as text (a path or query parameter): digits only, then checked by
 * `schema`. Anything else (" 7 ", "0x10", "1e3", "true") reaches `schema` unchanged and is refused
 * there, never coerced. Bodies are JSON and take numbers as numbers: they use the number schema itself.
 */
export const fromDigits = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && DIGITS.test(value) ? Number(value) : value), schema);

/** Query of a server-paged list: page from 1, a page size and an optional search term. */
export const PageQuerySchema = z.object({
  page: fromDigits(z.number().int().min(1)).default(1),
  pageSize: fromDigits(z.number().int().min(1).max(200)).default(20),
  search: z.string().trim().max(200).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The schema of one page of a server-paged list of `item`, named `id` in the API documents. */
export const pageSchema = <T extends z.ZodType>(item: T, id: string) =>
  z
    .object({
      items: z.array(item),
      total: z.number().int().min(0).meta({ description: 'Records matching the query, over all pages.' }),
      page: z.number().int().min(1),
      pageSize: z.number().int().min(1),
    })
    .meta({ id });

/** A positive integer id in a path. */
export const IntIdSchema = fromDigits(z.number().int().positive().max(2147483647));
