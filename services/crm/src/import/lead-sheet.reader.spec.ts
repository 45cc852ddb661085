import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { declaredLastRow } from './lead-sheet.reader';

const dir = mkdtempSync(join(tmpdir(), 'lead-sheet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a sheet's declared last row", () => {
  it('is read from the dimension Excel writes before the rows', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Leads');
    sheet.addRow(['First Name', 'Email']);
    for (let i = 0; i < 3; i++) sheet.addRow([`Person ${i}`, `p${i}@example.com`]);
    await workbook.xlsx.writeFile(join(dir, 'declared.xlsx'));
    expect(await declaredLastRow(join(dir, 'declared.xlsx'))).toBe(4);
  });

  it('is unknown when the writer declares none, and for a file that is not a workbook', async () => {
    const streamed = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: join(dir, 'streamed.xlsx') });
    const sheet = streamed.addWorksheet('Leads');
    sheet.addRow(['First Name', 'Email']).commit();
    sheet.addRow(['Person', 'p@example.com']).commit();
    sheet.commit();
    await streamed.commit();
    expect(await declaredLastRow(join(dir, 'streamed.xlsx'))).toBeUndefined();
    expect(await declaredLastRow(join(dir, 'missing.xlsx'))).toBeUndefined();
  });
});
