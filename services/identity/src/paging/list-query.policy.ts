import type { Page } from '@backoffice/contracts';

/** The SQL LIKE pattern of a "contains" search, with the wildcards of the term escaped. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Rows to skip for a 1-based page. */
export const pageOffset = (page: number, pageSize: number): number => (page - 1) * pageSize;

export function toPage<T>(items: T[], total: number, page: number, pageSize: number): Page<T> {
  return { items, total, page, pageSize };
}
