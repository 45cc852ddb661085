import { z } from 'zod';
import { fromDigits } from './paging';

/*
 * Catalogue: nested service categories, services, required-file definitions (service files)
 * and catalogue images. One source of shapes and form rules for the catalogue service and the console.
 */

// ── Enumerations ────────────────────────────────────────────────────────────────────────────────

export const DELIVERY_TIME_RATES = ['None', 'Minutes', 'Hours', 'Days'] as const;
export const DeliveryTimeRateSchema = z.enum(DELIVERY_TIME_RATES);
export type DeliveryTimeRate = z.infer<typeof DeliveryTimeRateSchema>;

export const DELIVERY_TYPES = ['None', 'Online', 'Physical'] as const;
export const DeliveryTypeSchema = z.enum(DELIVERY_TYPES);
export type DeliveryType = z.infer<typeof DeliveryTypeSchema>;

export const SHIPPING_TYPES = ['None', 'UPS', 'USPS'] as const;
export const ShippingTypeSchema = z.enum(SHIPPING_TYPES);
export type ShippingType = z.infer<typeof ShippingTypeSchema>;

/** What a required document may be; stored as a comma list in `accept`. */
export const SERVICE_FILE_TYPES = ['image', 'pdf', 'sheet', 'zip'] as const;
export const ServiceFileTypeSchema = z.enum(SERVICE_FILE_TYPES);
export type ServiceFileType = z.infer<typeof ServiceFileTypeSchema>;

/** How the console names each file type ("spreadsheet" is stored as `sheet`). */
export const SERVICE_FILE_TYPE_LABELS: Record<ServiceFileType, string> = {
  image: 'Image',
  pdf: 'PDF',
  sheet: 'Spreadsheet',
  zip: 'Zip',
};

/** Multi-selects show up to this many chosen items, then "+N" (docs/product.md). */
export const MULTI_SELECT_SHOWN = { branches: 10, serviceFiles: 10, fileTypes: 3 } as const;

// ── Images ──────────────────────────────────────────────────────────────────────────────────────

/** The only image types the catalogue stores, checked by content on upload. */
export const CATALOGUE_IMAGE_TYPES = ['image/gif', 'image/jpeg', 'image/png'] as const;
/** Default upload limit; the service's FILE_MAX_BYTES may change it. */
export const CATALOGUE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CATALOGUE_FILES_PATH = '/api/catalogue/files';
/** Most images a category or a service keeps. */
export const CATALOGUE_MAX_IMAGES = 10;

const IMAGE_URL = /^\/api\/catalogue\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An image of the catalogue: the URL `POST /api/catalogue/files` answered. */
export const CatalogueImageUrlSchema = z
  .string()
  .trim()
  .regex(IMAGE_URL, 'Upload the image first: an image is a /api/catalogue/files/{id} URL.');

export const CatalogueImagesSchema = z
  .array(CatalogueImageUrlSchema)
  .max(CATALOGUE_MAX_IMAGES, `At most ${CATALOGUE_MAX_IMAGES} images.`)
  .default([])
  .refine((list) => new Set(list).size === list.length, 'The same image is listed twice.');

/** The id part of an image URL. */
export const catalogueImageId = (url: string): string => url.slice(CATALOGUE_FILES_PATH.length + 1);

export const CatalogueFileSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  contentType: z.enum(CATALOGUE_IMAGE_TYPES),
  size: z.number().int(),
  name: z.string(),
});
export type CatalogueFile = z.infer<typeof CatalogueFileSchema>;

export const CatalogueFileIdSchema = z.object({ id: z.uuid('Unknown image id.') });

// ── Shared pieces ───────────────────────────────────────────────────────────────────────────────

const catalogueId = (what: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `${what} is required.` : `${what} must be a whole number.`) })
    .int(`${what} must be a whole number.`)
    .positive(`${what} is required.`)
    .max(2147483647, `${what} is too large.`);
/** The same id where it travels as text (a path or query parameter). */
const catalogueIdParam = (what: string) => fromDigits(catalogueId(what));

/** A money amount with at most 2 decimals, as numeric(12,2) holds it. */
const money = (what: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `${what} is required.` : `${what} must be a number.`) })
    .min(0, `${what} cannot be negative.`)
    .max(9_999_999_999.99, `${what} is too large.`)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, `${what} may have at most 2 decimals.`);

const distinctIds = (what: string, max: number) =>
  z
    .array(catalogueId(what))
    .max(max, `At most ${max}.`)
    .default([])
    .refine((list) => new Set(list).size === list.length, `The same ${what.toLowerCase()} is listed twice.`);

// ── Categories ──────────────────────────────────────────────────────────────────────────────────

/** The body of POST /api/categories and PUT /api/categories/{id}. */
export const CategoryInputSchema = z.object({
  active: z.boolean().default(true),
  /** Display at home page. */
  home: z.boolean().default(false),
  /** null (or absent) for a root category. */
  parentId: catalogueId('Parent category').nullable().default(null),
  name: z.string().trim().min(1, 'Name is required.').max(200, 'Name is too long (200 characters at most).'),
  description: z.string().trim().min(1, 'Description is required.').max(4000, 'Description is too long (4000 characters at most).'),
  images: CatalogueImagesSchema,
});
export type CategoryInput = z.input<typeof CategoryInputSchema>;
export type CategoryValues = z.output<typeof CategoryInputSchema>;

export const CategorySchema = z.object({
  id: z.number().int(),
  active: z.boolean(),
  home: z.boolean(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  /** Direct subcategories. */
  childCount: z.number().int(),
  /** Services directly in this category. */
  serviceCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Category = z.infer<typeof CategorySchema>;

export const CategoryRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type CategoryRef = z.infer<typeof CategoryRefSchema>;

/** GET /api/categories/{id}: the category with its ancestors, root first (for navigation). */
export const CategoryDetailSchema = CategorySchema.extend({ ancestors: z.array(CategoryRefSchema) });
export type CategoryDetail = z.infer<typeof CategoryDetailSchema>;

/** GET /api/categories?parentId= (the root level when absent). */
export const CategoryListQuerySchema = z.object({ parentId: catalogueIdParam('Parent category').optional() });

// ── Service files (required-document definitions) ──────────────────────────────────────────────

/**
 * `accept` as the specification (kept outside the repository; docs/product.md) stores it: a comma list of image, pdf, sheet, zip. Spaces and case are
 * forgiven, repeats dropped, and the list is kept in a fixed order ("pdf,image" → "image,pdf").
 * Empty means any type.
 */
export const AcceptListSchema = z
  .string({ error: 'Accepted types must be a comma list such as "image,pdf".' })
  .max(200)
  .default('')
  .transform((value, context) => {
    const items = value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean);
    const unknown = items.filter((item) => !(SERVICE_FILE_TYPES as readonly string[]).includes(item));
    if (unknown.length) {
      context.addIssue({
        code: 'custom',
        message: `Unknown file type ${unknown.map((u) => `"${u}"`).join(', ')}: choose from ${SERVICE_FILE_TYPES.join(', ')}.`,
      });
      return z.NEVER;
    }
    return SERVICE_FILE_TYPES.filter((type) => items.includes(type)).join(',');
  });

/** The types of an `accept` list, in order. */
export const acceptTypes = (accept: string): ServiceFileType[] =>
  SERVICE_FILE_TYPES.filter((type) =>
    accept
      .split(',')
      .map((item) => item.trim())
      .includes(type),
  );

/** POST /api/service-files/insert. */
export const ServiceFileInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(200, 'Name is too long (200 characters at most).'),
  accept: AcceptListSchema,
});
export type ServiceFileInput = z.input<typeof ServiceFileInputSchema>;

/** POST /api/service-files/update: the file body with its id. */
export const ServiceFileUpdateSchema = ServiceFileInputSchema.extend({ id: catalogueId('Id') });
export type ServiceFileUpdate = z.input<typeof ServiceFileUpdateSchema>;

export const ServiceFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  accept: z.string(),
  /** How many services require it (a definition in use cannot be deleted). */
  serviceCount: z.number().int(),
});
export type ServiceFile = z.infer<typeof ServiceFileSchema>;

/** POST /api/service-files {serviceId}: the required files of one service. */
export const ServiceFilesOfServiceSchema = z.object({ serviceId: catalogueId('Service') });
/** ?id= of /api/service-files/byId and of the specification's GET /api/service-files/delete. */
export const CatalogueIdQuerySchema = z.object({ id: catalogueIdParam('Id') });
/** {id}: the body of POST /api/service-files/delete, the twin of that GET. */
export const CatalogueIdBodySchema = z.object({ id: catalogueId('Id') });

// ── Services ────────────────────────────────────────────────────────────────────────────────────

/** Form rule: a delivery time above 0 needs a unit other than None. */
export function deliveryTimeProblem(deliveryTime: number, rate: DeliveryTimeRate): string | undefined {
  return deliveryTime > 0 && rate === 'None' ? 'Choose the unit of the delivery time.' : undefined;
}

/** The body of POST /api/services and PUT /api/services/{id}, with the product's defaults. */
export const ServiceInputSchema = z
  .object({
    active: z.boolean().default(true),
    name: z.string().trim().min(1, 'Name is required.').max(200, 'Name is too long (200 characters at most).'),
    description: z.string().trim().max(8000, 'Description is too long (8000 characters at most).').default(''),
    description_Ar: z.string().trim().max(8000, 'Arabic description is too long (8000 characters at most).').default(''),
    categoryId: catalogueId('Category'),
    images: CatalogueImagesSchema,
    deliveryTime: z
      .number({ error: 'Delivery time must be a number.' })
      .int('Delivery time must be a whole number.')
      .min(0, 'Delivery time cannot be negative.')
      .max(100_000, 'Delivery time is too large.')
      .default(0),
    deliveryTimeRate: DeliveryTimeRateSchema.default('None'),
    deliveryType: DeliveryTypeSchema.default('None'),
    shippingType: ShippingTypeSchema.default('None'),
    priceBefore: money('Price before').default(0),
    price: money('Price').refine((value) => value > 0, 'Price must be above 0.'),
    physical: z.boolean().default(false),
    electronical: z.boolean().default(false),
    /** Branch ids (scheduling). */
    branches: distinctIds('Branch', 500),
    /** Ids of the required service files. */
    serviceFiles: distinctIds('Service file', 100),
  })
  .superRefine(
    (value, context) => {
      const problem = deliveryTimeProblem(value.deliveryTime, value.deliveryTimeRate);
      if (problem) context.addIssue({ code: 'custom', path: ['deliveryTimeRate'], message: problem });
    },
    // Also when other fields are wrong, so a form shows every problem at once.
    {
      // Not when the body is not an object at all (no body, null): there is nothing to refine then.
      when: (payload) =>
        !payload.issues.some((issue) => !issue.path?.length || ['deliveryTime', 'deliveryTimeRate'].includes(String(issue.path[0]))),
    },
  );
export type ServiceInput = z.input<typeof ServiceInputSchema>;
export type ServiceValues = z.output<typeof ServiceInputSchema>;

/** A required file as a service carries it. */
export const ServiceRequiredFileSchema = z.object({ id: z.number().int(), name: z.string(), accept: z.string() });
export type ServiceRequiredFile = z.infer<typeof ServiceRequiredFileSchema>;

/** A service as the API answers it, and the full state on the catalogue.service.v1 topic. */
export const ServiceSchema = z.object({
  id: z.number().int(),
  active: z.boolean(),
  name: z.string(),
  description: z.string(),
  description_Ar: z.string(),
  categoryId: z.number().int(),
  images: z.array(z.string()),
  deliveryTime: z.number().int(),
  deliveryTimeRate: DeliveryTimeRateSchema,
  deliveryType: DeliveryTypeSchema,
  shippingType: ShippingTypeSchema,
  priceBefore: z.number(),
  price: z.number(),
  physical: z.boolean(),
  electronical: z.boolean(),
  branches: z.array(z.number().int()),
  serviceFiles: z.array(ServiceRequiredFileSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Service = z.infer<typeof ServiceSchema>;

/** GET /api/services?categoryId= (every service when absent). */
export const ServiceListQuerySchema = z.object({ categoryId: catalogueIdParam('Category').optional() });

// ── Events ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Compacted topic, key = service id: `created` / `updated` carry the full Service state; a deletion
 * publishes `deleted` (data: the id) and then a tombstone (null value).
 */
export const CATALOGUE_SERVICE_TOPIC = 'catalogue.service.v1';
export const CATALOGUE_SERVICE_EVENT_TYPES = ['created', 'updated', 'deleted'] as const;
export type CatalogueServiceEventType = (typeof CATALOGUE_SERVICE_EVENT_TYPES)[number];
