import { z } from 'zod';
import { CatalogueImageUrlSchema } from './catalogue';
import { fromDigits, PageQuerySchema } from './paging';
import { calendarDate } from './dates';

/*
 * Website content (articles of the pages About, Team, Contacts, Policies, Terms, MakeMoneyWithUs)
 * and site reviews, both kept by the catalogue service. One source of shapes and form rules for the
 * service and the console.
 */

// ── Web pages ───────────────────────────────────────────────────────────────────────────────────

export const WEB_PAGES = ['About', 'Team', 'Contacts', 'Policies', 'Terms', 'MakeMoneyWithUs'] as const;
export const WebPageSchema = z.enum(WEB_PAGES, { error: `Page must be one of ${WEB_PAGES.join(', ')}.` });
export type WebPage = z.infer<typeof WebPageSchema>;

/** How the console names each page (the web menu and the page's title). */
export const WEB_PAGE_LABELS: Record<WebPage, string> = {
  About: 'About',
  Team: 'Team',
  MakeMoneyWithUs: 'Make Money With Us',
  Policies: 'Privacy policy',
  Terms: 'Terms',
  Contacts: 'Contacts',
};

/** The web menu, in the product's order. */
export const WEB_MENU: readonly WebPage[] = ['About', 'Team', 'MakeMoneyWithUs', 'Policies', 'Terms', 'Contacts'];

/** A page name as found in a URL ("team", "Team") → the page, or undefined. */
export function parseWebPage(value: string | null | undefined): WebPage | undefined {
  const wanted = (value ?? '').trim().toLowerCase();
  return WEB_PAGES.find((page) => page.toLowerCase() === wanted);
}

/** Which parts of the article form a page shows (docs/product.md). */
export interface WebPageLayout {
  /** The label of the title field: "Name" on Team and Contacts, "Title" elsewhere. */
  titleLabel: 'Name' | 'Title';
  shortDescription: boolean;
  fullDescription: boolean;
  images: boolean;
  /** The label of the images section: "Pictures" on Team, "Images" elsewhere. */
  imagesLabel: 'Pictures' | 'Images';
  seo: boolean;
}

export function webPageLayout(page: WebPage): WebPageLayout {
  if (page === 'Contacts') {
    return { titleLabel: 'Name', shortDescription: false, fullDescription: false, images: false, imagesLabel: 'Images', seo: false };
  }
  if (page === 'Team') {
    return { titleLabel: 'Name', shortDescription: true, fullDescription: true, images: true, imagesLabel: 'Pictures', seo: true };
  }
  return { titleLabel: 'Title', shortDescription: true, fullDescription: true, images: true, imagesLabel: 'Images', seo: true };
}

/** The only image types an article takes (docs/product.md). */
export const WEB_ARTICLE_IMAGE_TYPES = ['image/gif', 'image/jpeg', 'image/png'] as const;
export const WEB_ARTICLE_MAX_IMAGES = 20;
export const WEB_ARTICLE_MAX_TAGS = 30;
export const WEB_ARTICLE_TAG_MAX_LENGTH = 50;
/** Upper bound of the stored rich text (sanitised HTML), in characters. */
export const WEB_ARTICLE_HTML_MAX_LENGTH = 500_000;

const httpUrl = (what: string) =>
  z
    .string()
    .trim()
    .max(2048, `${what} is too long.`)
    .refine((value) => {
      if (!value) return true;
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    }, `${what} must be a full http:// or https:// address.`)
    .default('');

/** "b, a ,A,, c" → ["b", "a", "c"]: trimmed, blanks dropped, repeats (any case) dropped, in order. */
export function parseTags(value: string | null | undefined): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of (value ?? '').split(',')) {
    const tag = part.trim().replace(/\s+/g, ' ');
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** Tags as stored: a comma separated list, normalised by parseTags. */
export const WebArticleTagsSchema = z
  .string({ error: 'Tags must be a comma separated list.' })
  .max(2000, 'Tags are too long.')
  .default('')
  .transform((value, context) => {
    const tags = parseTags(value);
    if (tags.length > WEB_ARTICLE_MAX_TAGS) context.addIssue({ code: 'custom', message: `At most ${WEB_ARTICLE_MAX_TAGS} tags.` });
    const long = tags.find((tag) => tag.length > WEB_ARTICLE_TAG_MAX_LENGTH);
    if (long)
      context.addIssue({
        code: 'custom',
        message: `The tag "${long.slice(0, 20)}…" is too long (${WEB_ARTICLE_TAG_MAX_LENGTH} characters at most).`,
      });
    return tags.join(',');
  });

const articleId = (what: string) =>
  z
    .number({ error: `${what} must be a number.` })
    .int(`${what} must be a whole number.`)
    .positive(`${what} must be above 0.`)
    .max(2147483647, `${what} is too large.`);

/** The body of POST /api/web-pages/articles and PUT /api/web-pages/articles/{id}, with the product's defaults. */
export const WebArticleInputSchema = z
  .object({
    page: WebPageSchema,
    /** Another article of the same page, or null for a top-level article. */
    parentId: articleId('Parent article').nullable().default(null),
    active: z.boolean({ error: 'Active must be true or false.' }).default(true),
    /** "Display at home page?" (hidden in the form). */
    isHome: z.boolean({ error: 'Display at home page must be true or false.' }).default(true),
    sort: z
      .number({ error: 'Sort must be a number.' })
      .int('Sort must be a whole number.')
      .min(0, 'Sort cannot be negative.')
      .max(1_000_000, 'Sort is too large.')
      .default(0),
    title: z.string({ error: 'Title must be text.' }).trim().max(200, 'Too long (200 characters at most).').default(''),
    shortDescription: z
      .string({ error: 'Short description must be text.' })
      .trim()
      .max(2000, 'Short description is too long (2000 characters at most).')
      .default(''),
    /** Rich text (HTML); the service sanitises it before storing. */
    fullDescription: z
      .string({ error: 'Full description must be text.' })
      .max(WEB_ARTICLE_HTML_MAX_LENGTH, 'Full description is too long.')
      .default(''),
    images: z
      .array(CatalogueImageUrlSchema)
      .max(WEB_ARTICLE_MAX_IMAGES, `At most ${WEB_ARTICLE_MAX_IMAGES} images.`)
      .default([])
      .refine((list) => new Set(list).size === list.length, 'The same image is listed twice.'),
    metaTitle: z
      .string({ error: 'Meta title must be text.' })
      .trim()
      .max(200, 'Meta title is too long (200 characters at most).')
      .default(''),
    metaDescription: z
      .string({ error: 'Meta description must be text.' })
      .trim()
      .max(500, 'Meta description is too long (500 characters at most).')
      .default(''),
    tags: WebArticleTagsSchema,
    videoUrl: httpUrl('Video URL'),
  })
  .superRefine(
    (value, context) => {
      // The one field every page shows: "Name" on Team and Contacts, "Title" elsewhere.
      if (!value.title)
        context.addIssue({ code: 'custom', path: ['title'], message: `${webPageLayout(value.page).titleLabel} is required.` });
    },
    // Also when other fields are wrong, so a form shows every problem at once (the page must be known).
    {
      // Not when the body is not an object at all (no body, null): there is nothing to refine then.
      when: (payload) => !payload.issues.some((issue) => !issue.path?.length || ['page', 'title'].includes(String(issue.path[0]))),
    },
  );
export type WebArticleInput = z.input<typeof WebArticleInputSchema>;
export type WebArticleValues = z.output<typeof WebArticleInputSchema>;

/** An article as the API answers it. */
export const WebArticleSchema = z.object({
  id: z.number().int(),
  page: WebPageSchema,
  parentId: z.number().int().nullable(),
  active: z.boolean(),
  isHome: z.boolean(),
  sort: z.number().int(),
  title: z.string(),
  shortDescription: z.string(),
  fullDescription: z.string(),
  images: z.array(z.string()),
  metaTitle: z.string(),
  metaDescription: z.string(),
  tags: z.string(),
  videoUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebArticle = z.infer<typeof WebArticleSchema>;

/** A new article: active, on home, with an empty title and no images (docs/product.md). */
export function newWebArticle(page: WebPage, sort = 0): WebArticleValues {
  return {
    page,
    parentId: null,
    active: true,
    isHome: true,
    sort,
    title: '',
    shortDescription: '',
    fullDescription: '',
    images: [],
    metaTitle: '',
    metaDescription: '',
    tags: '',
    videoUrl: '',
  };
}

export const WebArticleIdParamsSchema = z.object({ id: fromDigits(articleId('Article id')) });
export const WebPageParamsSchema = z.object({
  page: z.string().transform((value, context) => {
    const page = parseWebPage(value);
    if (!page) {
      context.addIssue({ code: 'custom', message: `Unknown page "${value.slice(0, 40)}": use one of ${WEB_PAGES.join(', ')}.` });
      return z.NEVER;
    }
    return page;
  }),
});

export const WEB_PAGES_PATHS = {
  articlesOfPage: (page: WebPage) => `/api/web-pages/${page}/articles`,
  articles: '/api/web-pages/articles',
  article: (id: number) => `/api/web-pages/articles/${id}`,
  children: (id: number) => `/api/web-pages/articles/${id}/children`,
} as const;

// ── Site reviews ────────────────────────────────────────────────────────────────────────────────

export const SITE_REVIEW_MAX_RATE = 5;
export const SITE_REVIEW_DEFAULT_RATE = 5;
export const SITE_REVIEW_PAGE_SIZE = 24;

/** Today as YYYY-MM-DD in the local time zone (a review's default date). */
export function todayIsoDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const isoDate = calendarDate({
  required: 'Date is required.',
  format: 'Date must be a date (YYYY-MM-DD).',
  real: 'Date is not a real date.',
});

/** The body of POST /api/site-reviews and PUT /api/site-reviews/{id}. */
export const SiteReviewInputSchema = z.object({
  name: z.string({ error: 'Name is required.' }).trim().min(1, 'Name is required.').max(120, 'Name is too long (120 characters at most).'),
  review: z
    .string({ error: 'Review is required.' })
    .trim()
    .min(1, 'Review is required.')
    .max(4000, 'Review is too long (4000 characters at most).'),
  rate: z
    .number({ error: 'Rating must be a number from 1 to 5.' })
    .int('Rating must be a whole number of stars.')
    .min(1, 'Rating must be at least 1 star.')
    .max(SITE_REVIEW_MAX_RATE, `Rating is at most ${SITE_REVIEW_MAX_RATE} stars.`)
    .default(SITE_REVIEW_DEFAULT_RATE),
  date: isoDate.default(() => todayIsoDate()),
  /** Where the review was published (optional). */
  link: httpUrl('Link'),
  /** The name of that place, e.g. "Google" (optional). */
  source: z.string({ error: 'Source must be text.' }).trim().max(100, 'Source is too long (100 characters at most).').default(''),
});
export type SiteReviewInput = z.input<typeof SiteReviewInputSchema>;
export type SiteReviewValues = z.output<typeof SiteReviewInputSchema>;

export const SiteReviewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  review: z.string(),
  rate: z.number().int(),
  date: z.string(),
  link: z.string(),
  source: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SiteReview = z.infer<typeof SiteReviewSchema>;

/** GET /api/site-reviews?page=&pageSize=&search=: newest first. */
export const SiteReviewListQuerySchema = PageQuerySchema.extend({
  pageSize: fromDigits(z.number().int().min(1).max(200)).default(SITE_REVIEW_PAGE_SIZE),
});
export type SiteReviewListQuery = z.infer<typeof SiteReviewListQuerySchema>;

export const SiteReviewIdParamsSchema = z.object({ id: fromDigits(articleId('Review id')) });

/** A save answers the record's id: a number above 0 means success (docs/product.md). */
export const isSavedId = (result: unknown): result is number => typeof result === 'number' && result > 0;

export const SITE_REVIEWS_PATHS = {
  reviews: '/api/site-reviews',
  review: (id: number) => `/api/site-reviews/${id}`,
} as const;
