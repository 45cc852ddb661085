import type { LeadImportResult, LeadImportRows } from '@backoffice/contracts';

const n = (value: number) => value.toLocaleString('en-US');

/** An extraction's outcome in one line: "60 imported · 2 failed · 5 duplicates skipped" (flagged duplicates when there are). */
export function importCounts(result: Pick<LeadImportResult, 'imported' | 'failedRows' | 'duplicates' | 'skippedDuplicates'>): string {
  const parts = [`${n(result.imported)} imported`, `${n(result.failedRows)} failed`];
  if (result.skippedDuplicates > 0)
    parts.push(`${n(result.skippedDuplicates)} duplicate${result.skippedDuplicates === 1 ? '' : 's'} skipped`);
  if (result.duplicates > 0) parts.push(`${n(result.duplicates)} flagged as duplicate${result.duplicates === 1 ? '' : 's'}`);
  return parts.join(' · ');
}

/**
 * Where an extraction is: "Row 5,001 of 10,001" when the sheet declares its last row, else the rows read so
 * far and the share of the file read ("5,000 rows read · 42% of the file"); before the first rows, who waits.
 */
export function extractionProgress(progress: number, rows: LeadImportRows | undefined, started: boolean): string {
  if (!rows) return started ? 'Starting…' : 'Waiting for a worker…';
  if (rows.lastRow) return `Row ${n(Math.min(rows.row, rows.lastRow))} of ${n(rows.lastRow)}`;
  return `${n(rows.rowsRead)} row${rows.rowsRead === 1 ? '' : 's'} read · ${Math.round(progress)}% of the file`;
}
