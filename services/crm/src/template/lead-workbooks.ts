import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import { LEAD_TEMPLATE_HEADERS, spreadsheetCell } from '@backoffice/contracts';
import type { FailedRowCells } from '../import/lead-row.policy';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A Content-Disposition that survives any file name. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const COLUMN_WIDTHS = [14, 16, 16, 22, 10, 18, 13, 30, 18, 36];

/** The template: the header row, one example row, and a sheet of instructions after it. */
export async function leadTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Back-office CRM';
  const sheet = workbook.addWorksheet('Leads', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = LEAD_TEMPLATE_HEADERS.map((header, index) => ({ header, key: header, width: COLUMN_WIDTHS[index] }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDCE6F2' } };
  sheet.addRow([
    '123-45-6789',
    'John',
    'Smith',
    'Acme Inc.',
    'Male',
    'Springfield',
    new Date(Date.UTC(1990, 4, 17)),
    'john.smith@example.com',
    '+1 555 010 0100',
    'Prefers a call after 5 pm',
  ]);
  sheet.getColumn(7).numFmt = 'yyyy-mm-dd';
  sheet.getColumn(1).numFmt = '@';
  sheet.getColumn(9).numFmt = '@';
  for (let row = 2; row <= 501; row++) {
    sheet.getCell(row, 5).dataValidation = {
      type: 'list',
      allowBlank: true,
      formulae: ['"Male,Female,Other"'],
      showErrorMessage: true,
      errorTitle: 'Gender',
      error: 'Choose Male, Female or Other.',
    };
  }
  const help = workbook.addWorksheet('How to fill');
  help.getColumn(1).width = 110;
  [
    'Fill the Leads sheet, one lead per row, under the header row (keep the headers).',
    'A lead needs a first or last name, and a phone or an email.',
    'Phone: 7 to 15 digits, written any usual way (+1 555 010 0100, (555) 010-0100).',
    'DOB: a date cell, YYYY-MM-DD or MM/DD/YYYY. SSN: 9 digits, with or without dashes; it is stored encrypted.',
    'Gender: Male, Female or Other. Notes: up to 2,000 characters.',
    'Rows that cannot be imported are listed after extraction, with the reason, in a sheet you can download, fix and upload again.',
  ].forEach((line) => help.addRow([line]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Writes a workbook row by row into a stream the HTTP reply sends as it goes (never the whole
 * file in memory). Rows come in batches; the writer waits when the client reads slower.
 */
export function streamWorkbook(
  sheetName: string,
  columns: { header: string; width: number; numFmt?: string }[],
  batches: AsyncIterable<unknown[][]>,
  onError: (error: Error) => void,
): PassThrough {
  const output = new PassThrough();
  void (async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((column, index) => ({
      header: column.header,
      key: String(index),
      width: column.width,
      style: column.numFmt ? { numFmt: column.numFmt } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const rows of batches) {
      // Text from user data never goes in as something a spreadsheet program would take for a formula.
      for (const row of rows) sheet.addRow(row.map(spreadsheetCell)).commit();
      if (output.writableLength > 8 * 1024 * 1024) await once(output, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: Error) => {
    onError(error);
    output.destroy(error);
  });
  return output;
}

/** The failed rows of an upload in the template's columns, with the reason last: fix and upload again. */
export const FAILED_ROW_COLUMNS = [
  ...LEAD_TEMPLATE_HEADERS.map((header, index) => ({
    header,
    width: COLUMN_WIDTHS[index],
    ...(header === 'DOB' ? { numFmt: 'yyyy-mm-dd' } : {}),
  })),
  { header: 'Reason', width: 60 },
];

const FIELD_ORDER = ['ssn', 'firstName', 'lastName', 'workAt', 'gender', 'currentCity', 'dob', 'email', 'phone', 'notes'] as const;

export function failedRowValues(cells: FailedRowCells, reason: string): unknown[] {
  return [...FIELD_ORDER.map((field) => cells[field] ?? null), reason];
}
