import { describe, expect, it } from 'vitest';
import { extractionProgress, importCounts } from './import-text';

describe('import texts', () => {
  it('reads an outcome as its counts', () => {
    expect(importCounts({ imported: 60, failedRows: 2, duplicates: 0, skippedDuplicates: 5 })).toBe(
      '60 imported · 2 failed · 5 duplicates skipped',
    );
    expect(importCounts({ imported: 1500, failedRows: 0, duplicates: 1, skippedDuplicates: 0 })).toBe(
      '1,500 imported · 0 failed · 1 flagged as duplicate',
    );
  });

  it('tells the row of the sheet when the sheet declares its last row, else the rows and the share of the file', () => {
    expect(extractionProgress(0, undefined, false)).toBe('Waiting for a worker…');
    expect(extractionProgress(0, undefined, true)).toBe('Starting…');
    expect(extractionProgress(33, { row: 666, lastRow: 2000, rowsRead: 665 }, true)).toBe('Row 666 of 2,000');
    expect(extractionProgress(41.6, { row: 5001, lastRow: null, rowsRead: 5000 }, true)).toBe('5,000 rows read · 42% of the file');
  });
});
