import { createReadStream, statSync } from 'node:fs';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { ImportFailure, UNREADABLE_SPREADSHEET } from './import-failure';
import { cellText } from './lead-cell.policy';
import { HEADER_SEARCH_ROWS, mapHeaderRow, MISSING_HEADER_MESSAGE, type ColumnMap, type LeadField } from './lead-header.policy';
import type { SheetCell } from './lead-cell.policy';

/** One data row after the header row, in sheet order. */
export interface SheetRow {
  rowNumber: number;
  cells: Partial<Record<LeadField, SheetCell>>;
}

/** The most rows a sheet can have (Excel's limit): anything beyond is not a spreadsheet. */
const MAX_SHEET_ROWS = 1_048_576;

/**
 * The first sheet's last row as the file declares it in its <dimension> (Excel and most writers put it
 * first), read from the head of the sheet without parsing it; undefined when the file does not say.
 * Only a declared figure is shown as "row N of M": a guess would make the count lie.
 */
export async function declaredLastRow(filePath: string): Promise<number | undefined> {
  let zip: Awaited<ReturnType<typeof yauzl.openPromise>> | undefined;
  try {
    zip = await yauzl.openPromise(filePath, { decodeStrings: true, autoClose: false });
    let sheet: { entry: Parameters<typeof zip.openReadStreamPromise>[0]; number: number } | undefined;
    for await (const entry of zip.eachEntry()) {
      const match = /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(String(entry.fileName));
      if (match && (!sheet || Number(match[1]) < sheet.number)) sheet = { entry, number: Number(match[1]) };
    }
    if (!sheet) return undefined;
    const stream = await zip.openReadStreamPromise(sheet.entry);
    let head = '';
    for await (const chunk of stream) {
      head += (chunk as Buffer).toString('utf8');
      if (head.length >= 64 * 1024 || head.includes('<sheetData')) break;
    }
    stream.destroy();
    const dimension = /<dimension ref="[A-Z]+\d+:[A-Z]+(\d+)"/.exec(head);
    const lastRow = dimension ? Number(dimension[1]) : 0;
    return lastRow > 1 && lastRow <= MAX_SHEET_ROWS ? lastRow : undefined;
  } catch {
    return undefined;
  } finally {
    zip?.close();
  }
}

export interface SheetReading {
  /** True for workbooks in the 1904 date system (old Mac files); known once the first row is read. */
  date1904(): boolean;
  /**
   * The data rows, a block at a time as the reader parses the sheet (a few hundred rows each): one
   * await per block rather than per row, which a sheet of a million rows notices.
   */
  chunks: AsyncGenerator<SheetRow[]>;
  /** The same rows one by one. */
  rows: AsyncGenerator<SheetRow>;
  /** Bytes of the file read so far, for progress when the sheet does not declare its size. */
  bytesRead(): number;
  /** The file's size in bytes. */
  size: number;
}

/** What exceljs's WorksheetReader.parse yields: the events of one parsed block of the sheet. */
type WorksheetEvents = AsyncIterable<{ eventType: string; value: unknown }[]>;

/**
 * Streams the first sheet with exceljs's streaming reader (never the whole workbook in memory):
 * finds the header row among the first rows, then yields each data row's cells by field.
 * An empty sheet or one without a recognisable header row fails with a message for the user.
 */
export function readLeadSheet(filePath: string): SheetReading {
  const size = statSync(filePath).size;
  const input = createReadStream(filePath, { highWaterMark: 256 * 1024 });
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const date1904 = () => {
    const properties = (reader as unknown as { properties?: { model?: { date1904?: boolean } } }).properties;
    return properties?.model?.date1904 === true;
  };

  async function* chunks(): AsyncGenerator<SheetRow[]> {
    try {
      for await (const worksheet of reader) {
        let columns: ColumnMap | undefined;
        let anyRow = false;
        let entries: [number, LeadField][] = [];
        // parse() is what the worksheet's own row iterator reads, without its await per row.
        for await (const events of (worksheet as unknown as { parse(): WorksheetEvents }).parse()) {
          const chunk: SheetRow[] = [];
          for (const { eventType, value } of events) {
            if (eventType !== 'row') continue;
            const row = value as ExcelJS.Row;
            anyRow = true;
            if (!columns) {
              if (row.number > HEADER_SEARCH_ROWS) throw new ImportFailure(MISSING_HEADER_MESSAGE);
              const values = row.values as SheetCell[];
              const texts: (string | undefined)[] = [];
              for (let column = 1; column < values.length; column++) texts.push(cellText(values[column]) || undefined);
              columns = mapHeaderRow(texts);
              if (columns) entries = [...columns.entries()];
              continue;
            }
            if (row.number > MAX_SHEET_ROWS) throw new ImportFailure('The sheet has more rows than a spreadsheet can hold.');
            const cells: Partial<Record<LeadField, SheetCell>> = {};
            // Only the mapped columns' cells (row.values would build an array of every cell, for every row).
            for (const [column, field] of entries) {
              const value = (row.findCell(column) as { value: SheetCell } | undefined)?.value;
              if (value !== null && value !== undefined) cells[field] = value;
            }
            chunk.push({ rowNumber: row.number, cells });
          }
          if (chunk.length) yield chunk;
        }
        if (!anyRow) throw new ImportFailure('The sheet is empty: it has no rows at all.');
        if (!columns) throw new ImportFailure(MISSING_HEADER_MESSAGE);
        return; // the first sheet only
      }
      throw new ImportFailure('The workbook has no sheet.');
    } catch (error) {
      if (error instanceof ImportFailure) throw error;
      // exceljs, sax and the zip reader speak of entities and offsets: the user reads what it means.
      throw new ImportFailure(UNREADABLE_SPREADSHEET, (error as Error).message);
    } finally {
      input.destroy();
    }
  }

  const blocks = chunks();
  async function* rows(): AsyncGenerator<SheetRow> {
    for await (const chunk of blocks) yield* chunk;
  }

  return { date1904, chunks: blocks, rows: rows(), bytesRead: () => input.bytesRead, size };
}
