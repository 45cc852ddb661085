// The anchor of the lead import: exceljs's streaming reader parsing a sheet and nothing else, in a
// process of its own. Prints {rows, ms, peakRssMb} as JSON (peak = this process's VmHWM).
import { createReadStream, readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';

const path = process.argv[2];
const started = process.hrtime.bigint();
const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(path, { highWaterMark: 256 * 1024 }), {
  sharedStrings: 'cache',
  styles: 'ignore',
  hyperlinks: 'ignore',
  worksheets: 'emit',
  entries: 'ignore',
});
let rows = 0;
let cells = 0;
for await (const worksheet of reader) {
  for await (const row of worksheet) {
    rows++;
    cells += row.values.length;
  }
  break; // the first sheet, as the import reads
}
const ms = Number(process.hrtime.bigint() - started) / 1e6;
const peakRssMb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
process.stdout.write(JSON.stringify({ rows, cells, ms, peakRssMb }));
