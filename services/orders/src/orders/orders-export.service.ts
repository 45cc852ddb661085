import { Injectable, Logger } from '@nestjs/common';
import ExcelJS from 'exceljs';
import { PassThrough, type Readable } from 'node:stream';
import { shortId, spreadsheetText } from '@backoffice/contracts';
import { type OrderFilter, OrderRepository } from './order.repository';
import { decimalToNumber } from './order.view';

const BATCH = 1000;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The orders list as an xlsx, streamed: rows are read in keyset batches and written through
 * exceljs's streaming writer straight into the response, so memory stays flat however many orders.
 */
@Injectable()
export class OrdersExport {
  private readonly logger = new Logger('OrdersExport');

  constructor(private readonly orders: OrderRepository) {}

  stream(filter: OrderFilter): Readable {
    const output = new PassThrough();
    void this.write(filter, output).catch((error: Error) => {
      this.logger.error(`orders export failed: ${error.message}`);
      output.destroy(error);
    });
    return output;
  }

  private async write(filter: OrderFilter, output: PassThrough): Promise<void> {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
    workbook.creator = 'Back-office';
    workbook.created = new Date();
    const sheet = workbook.addWorksheet('Orders', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = [
      { header: 'ID', key: 'shortId', width: 12 },
      { header: 'Order id', key: 'id', width: 38 },
      { header: 'Date', key: 'date', width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
      { header: 'Amount', key: 'amount', width: 14, style: { numFmt: '#,##0.00' } },
      { header: 'Name', key: 'name', width: 28 },
      { header: 'Contact', key: 'contact', width: 24 },
      { header: 'Email', key: 'email', width: 28 },
      { header: 'State', key: 'state', width: 14 },
      { header: 'County', key: 'county', width: 16 },
      { header: 'City', key: 'city', width: 18 },
      { header: 'Zip code', key: 'zip', width: 10 },
      { header: 'Status', key: 'status', width: 10 },
    ];
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();

    // The cursor keeps the timestamp as PostgreSQL's text: a JS Date would drop its microseconds.
    let cursor: { created: string; id: string } | undefined;
    for (;;) {
      const rows = await this.orders.exportBatch(filter, cursor, BATCH);
      for (const row of rows) {
        sheet
          .addRow({
            shortId: shortId(row.id),
            id: row.id,
            date: new Date(row.created_date),
            amount: decimalToNumber(row.amount),
            // What a client typed never goes in as something a spreadsheet program would take for a formula.
            name: spreadsheetText(row.name),
            contact: spreadsheetText(row.contact_info),
            email: spreadsheetText(row.email ?? ''),
            state: spreadsheetText(row.state),
            county: spreadsheetText(row.county),
            city: spreadsheetText(row.city),
            zip: spreadsheetText(row.zip_code),
            status: row.status,
          })
          .commit();
      }
      if (rows.length < BATCH) break;
      const last = rows[rows.length - 1];
      cursor = { created: last.created_key, id: last.id };
      // Let the response drain before reading the next batch.
      if (output.writableNeedDrain) await new Promise((resolve) => output.once('drain', resolve));
    }
    sheet.commit();
    await workbook.commit();
  }
}
