import type { ImportCounters } from './lead-import.messages';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The message an extracted upload keeps, e.g. "Imported 1,200 leads, 3 flagged as duplicates; 2 rows could not be imported". */
export function importSummary(counters: ImportCounters): string {
  let text = `Imported ${count(counters.leadCount, 'lead', 'leads')}`;
  if (counters.duplicates) text += `, ${count(counters.duplicates, 'flagged as duplicate', 'flagged as duplicates')}`;
  if (counters.skippedDuplicates) text += `, ${count(counters.skippedDuplicates, 'duplicate skipped', 'duplicates skipped')}`;
  if (counters.failedRows) text += `; ${count(counters.failedRows, 'row', 'rows')} could not be imported`;
  return text;
}

/** Why an import that read rows produced no lead. */
export function nothingImportedReason(counters: ImportCounters): string {
  if (counters.skippedDuplicates && !counters.failedRows) {
    return `All ${count(counters.skippedDuplicates, 'lead is', 'leads are')} already known; nothing was imported (duplicates were skipped).`;
  }
  return `None of the ${count(counters.totalRows, 'row', 'rows')} could be imported; download the failed rows to see why.`;
}

/** A group is named after its file, without the extension. */
export function groupNameOf(fileName: string): string {
  return (
    fileName
      .replace(/\.xlsx$/i, '')
      .trim()
      .slice(0, 200) || fileName
  );
}

/**
 * The name a new group gets: `base` when no group has it (case aside), else `base (n)` with the smallest free
 * n from 2, as file managers name a copy. `taken` holds the names of existing groups that could collide.
 */
export function freeGroupName(base: string, taken: readonly string[]): string {
  const names = new Set(taken.map((name) => name.toLowerCase()));
  if (!names.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base} (${n})`;
    if (!names.has(candidate.toLowerCase())) return candidate;
  }
}
