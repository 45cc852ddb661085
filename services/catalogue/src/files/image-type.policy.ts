import { CATALOGUE_IMAGE_TYPES } from '@backoffice/contracts';

export type CatalogueImageType = (typeof CATALOGUE_IMAGE_TYPES)[number];

export const IMAGE_TYPE_REFUSED = 'Only GIF, JPEG and PNG images are accepted; this file is not one of them.';

/**
 * The stored type of an upload, from the type its bytes were sniffed as (never the name or the
 * client's content type). An animated PNG is a PNG. Anything else is refused (undefined).
 */
export function acceptedImageType(sniffedMime: string | undefined): CatalogueImageType | undefined {
  if (sniffedMime === 'image/apng') return 'image/png';
  return (CATALOGUE_IMAGE_TYPES as readonly string[]).includes(sniffedMime ?? '') ? (sniffedMime as CatalogueImageType) : undefined;
}

/** Why an upload of `size` bytes is refused, or undefined when its size is fine. */
export function imageSizeProblem(size: number, maxBytes: number): string | undefined {
  if (size === 0) return 'The file is empty.';
  if (size > maxBytes) return `The image is larger than ${formatMegabytes(maxBytes)}.`;
  return undefined;
}

export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** A file name safe to keep and show: no path, no control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // No control characters, invisible text-direction controls (they make "x\u202Efdp.exe" read as "xexe.pdf") or broken UTF-16.
  const clean = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .trim();
  return (clean || 'image').slice(0, 200);
}
