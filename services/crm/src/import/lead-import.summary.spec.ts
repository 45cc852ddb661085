import { freeGroupName, groupNameOf, importSummary, nothingImportedReason } from './lead-import.summary';

const counters = { lastRow: 0, leadCount: 0, totalRows: 0, duplicates: 0, skippedDuplicates: 0, failedRows: 0 };

describe('import summaries', () => {
  it('says what was imported, flagged, skipped and refused', () => {
    expect(importSummary({ ...counters, leadCount: 1 })).toBe('Imported 1 lead');
    expect(importSummary({ ...counters, leadCount: 1200, duplicates: 3, skippedDuplicates: 1, failedRows: 2 })).toBe(
      'Imported 1,200 leads, 3 flagged as duplicates, 1 duplicate skipped; 2 rows could not be imported',
    );
  });

  it('explains an import that produced nothing', () => {
    expect(nothingImportedReason({ ...counters, totalRows: 5, skippedDuplicates: 5 })).toMatch(/^All 5 leads are already known/);
    expect(nothingImportedReason({ ...counters, totalRows: 4, failedRows: 4 })).toMatch(/^None of the 4 rows could be imported/);
  });

  it('names a group after its file', () => {
    expect(groupNameOf('March leads.XLSX')).toBe('March leads');
    expect(groupNameOf('leads')).toBe('leads');
  });

  it('gives a taken name the first free number, whatever the case', () => {
    expect(freeGroupName('March', [])).toBe('March');
    expect(freeGroupName('March', ['march'])).toBe('March (2)');
    expect(freeGroupName('March', ['March', 'MARCH (2)', 'March (4)'])).toBe('March (3)');
    expect(freeGroupName('March (2)', ['March (2)'])).toBe('March (2) (2)');
  });
});
