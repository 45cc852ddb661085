import type { QueryBuilder } from '@mikro-orm/postgresql';
import type { Page } from '@backoffice/contracts';

/*
 * Server-paged lists and their "contains" searches, the same in every service: a 1-based page of `pageSize`
 * rows, answered as a Page, and a search term matched literally inside LIKE / ILIKE.
 */

/** `50%_a\b` → `50\%\_a\\b`: the text matched literally inside a LIKE pattern (backslash is PostgreSQL's escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The LIKE pattern of a "contains" search, with the wildcards of the term escaped. */
export const containsPattern = (term: string): string => `%${escapeLike(term)}%`;

/** The page a list query asks for. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/** Rows to skip for a 1-based page. */
export const pageOffset = (page: number, pageSize: number): number => (page - 1) * pageSize;

/** `limit` and `offset` of the asked page, as the ORM's find options take them. */
export const pageWindow = ({ page, pageSize }: PageRequest) => ({ limit: pageSize, offset: pageOffset(page, pageSize) });

export const toPage = <T>(items: T[], total: number, { page, pageSize }: PageRequest): Page<T> => ({ items, total, page, pageSize });

/** A page sorted by one column the client chose, ties broken by id. */
export interface SortedPageRequest extends PageRequest {
  sort: string;
  dir: 'asc' | 'desc';
}

/** Runs `qb` (its filters already added) for the asked page, sorted as asked, with the total of all pages. */
export async function sortedPage<Entity extends object, Item>(
  qb: QueryBuilder<Entity>,
  query: SortedPageRequest,
  toItem: (row: Entity) => Item,
): Promise<Page<Item>> {
  qb.orderBy([{ [query.sort]: query.dir }, { id: 'asc' }])
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));
  const [rows, total] = await qb.getResultAndCount();
  return toPage(rows.map(toItem), total, query);
}
