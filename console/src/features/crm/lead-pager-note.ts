import type { LeadTablePage } from '@backoffice/contracts';

const number = (n: number) => n.toLocaleString('en-US');

/** What the pager says after its range for a page of leads: how many there are without the search, or that the matches are capped. */
export function leadPagerNote(page: LeadTablePage<unknown>): string | undefined {
  if (page.recordsCapped) {
    return `(the first ${number(page.recordsFiltered)} matches of ${number(page.recordsTotal)}: narrow the search to see the others)`;
  }
  return page.recordsFiltered !== page.recordsTotal ? `(filtered from ${number(page.recordsTotal)})` : undefined;
}
