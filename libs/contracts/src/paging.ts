import { z } from 'zod';

/** Query of a server-paged list: page from 1, a page size and an optional search term. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  search: z.string().trim().max(200).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A positive integer id in a path. */
export const IntIdSchema = z.coerce.number().int().positive().max(2147483647);
