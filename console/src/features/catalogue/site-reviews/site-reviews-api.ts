import { SITE_REVIEWS_PATHS, SITE_REVIEW_PAGE_SIZE, type Page, type SiteReview, type SiteReviewInput } from '@backoffice/contracts';
import { apiFetch, useApi } from '../../../components/api';

/** The SWR key (and path) of one page of reviews. */
export function siteReviewsKey(page: number, search: string): string {
  const query = new URLSearchParams({ page: String(page), pageSize: String(SITE_REVIEW_PAGE_SIZE) });
  if (search) query.set('search', search);
  return `${SITE_REVIEWS_PATHS.reviews}?${query.toString()}`;
}

/** One page of reviews, newest first; the previous page stays on screen while the next loads. */
export const useSiteReviews = (page: number, search: string) =>
  useApi<Page<SiteReview>>(siteReviewsKey(page, search), { keepPreviousData: true });

/** Insert (no id) or update: the answer is the record's id, above 0 on success (docs/product.md). */
export function saveSiteReview(body: SiteReviewInput, id?: number): Promise<unknown> {
  return apiFetch<unknown>(id ? SITE_REVIEWS_PATHS.review(id) : SITE_REVIEWS_PATHS.reviews, {
    method: id ? 'PUT' : 'POST',
    json: id ? { ...body, id } : body,
  });
}

export function deleteSiteReview(id: number): Promise<void> {
  return apiFetch<void>(SITE_REVIEWS_PATHS.review(id), { method: 'DELETE' });
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A picker's local Date → "YYYY-MM-DD". */
export const toIsoDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** "YYYY-MM-DD" → a local Date (not UTC midnight, which shows as the day before west of Greenwich). */
export function fromIsoDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** "Mar 1, 2024" in the user's locale. */
export function formatReviewDate(value: string): string {
  const date = fromIsoDate(value);
  return date ? dayFormat.format(date) : value;
}
