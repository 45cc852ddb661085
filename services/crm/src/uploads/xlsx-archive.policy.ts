/**
 * Rules for an uploaded workbook, checked on the zip's central directory before anything is inflated,
 * then on its content types. Each rule answers the sentence the user reads, or undefined when it holds.
 */
export interface ArchiveEntry {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  encrypted: boolean;
}

export interface ArchiveLimits {
  maxEntries: number;
  maxInflatedBytes: number;
  /** Largest inflated/compressed ratio of a part (only parts above 1 MB inflated are judged). */
  maxRatio: number;
}

const MB = 1024 * 1024;
export const NOT_XLSX = 'The file is not an xlsx spreadsheet. Save it as an Excel Workbook (.xlsx) and upload it again.';
export const MACRO_ENABLED = 'Macro-enabled workbooks are not accepted. Save it as an Excel Workbook (.xlsx) and upload it again.';

/** The first bytes of the file: a zip, or something else we can name. */
export function checkSignature(head: Buffer): string | undefined {
  if (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50) return undefined;
  if (head.subarray(0, 4).toString('latin1') === '%PDF') return 'The file is a PDF, not an xlsx spreadsheet.';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from('d0cf11e0a1b11ae1', 'hex'))) {
    return 'The file is an old Excel 97-2003 workbook (.xls) or a password-protected one. Save it as an Excel Workbook (.xlsx) without a password and upload it again.';
  }
  if (head.length === 0) return 'The file is empty.';
  return NOT_XLSX;
}

export function checkEntryCount(count: number, limits: ArchiveLimits): string | undefined {
  if (count === 0) return NOT_XLSX;
  if (count > limits.maxEntries) return `The workbook has ${count} parts; at most ${limits.maxEntries} are accepted.`;
  return undefined;
}

/** A part name that could write outside its folder if it were ever extracted. */
export function unsafePartName(name: string): boolean {
  return (
    name.length === 0 ||
    name.includes('\\') ||
    name.includes('\0') ||
    name.startsWith('/') ||
    /^[a-zA-Z]:/.test(name) ||
    name.split('/').some((segment) => segment === '..')
  );
}

export function checkDirectory(entries: readonly ArchiveEntry[], limits: ArchiveLimits): string | undefined {
  const countProblem = checkEntryCount(entries.length, limits);
  if (countProblem) return countProblem;
  let inflated = 0;
  for (const entry of entries) {
    if (unsafePartName(entry.name)) return `The workbook contains a part with an unsafe path ("${entry.name.slice(0, 80)}").`;
    if (entry.encrypted) return 'The workbook is encrypted. Remove the password and upload it again.';
    if (/(^|\/)vbaProject\.bin$/i.test(entry.name)) return MACRO_ENABLED;
    const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
    if (entry.uncompressedSize > MB && ratio > limits.maxRatio) {
      return `The workbook part "${entry.name}" inflates ${Math.round(ratio)} times its size; at most ${limits.maxRatio} times is accepted.`;
    }
    inflated += entry.uncompressedSize;
  }
  if (inflated > limits.maxInflatedBytes) {
    return `The workbook inflates to ${Math.ceil(inflated / MB)} MB; at most ${Math.floor(limits.maxInflatedBytes / MB)} MB are accepted.`;
  }
  const names = new Set(entries.map((entry) => entry.name));
  if (names.size !== entries.length) return 'The workbook is damaged: a part appears twice.';
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) return NOT_XLSX;
  return undefined;
}

const WORKBOOK_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';

/** The content type the workbook part declares: a plain workbook, not a macro-enabled one, a template or an add-in. */
export function checkContentTypes(xml: string): string | undefined {
  if (/macroEnabled|vbaProject/i.test(xml)) return MACRO_ENABLED;
  const override = /<Override\b[^>]*PartName="\/xl\/workbook\.xml"[^>]*>/i.exec(xml)?.[0];
  const type = override ? /ContentType="([^"]+)"/i.exec(override)?.[1] : undefined;
  if (type === WORKBOOK_TYPE) return undefined;
  if (type?.includes('template'))
    return 'Excel templates (.xltx) are not accepted. Save it as an Excel Workbook (.xlsx) and upload it again.';
  return NOT_XLSX;
}
