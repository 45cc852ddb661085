import type { SalesAgentFigures, SalesAgentReport } from '@backoffice/contracts';

/** Characters a spreadsheet may read as the start of a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell (RFC 4180): a cell that could start a formula gets a leading ', then quoting where needed. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const SALES_AGENT_CSV_HEADERS = [
  'Sales agent',
  'Email',
  'Leads assigned',
  'Converted leads',
  'Orders',
  'Order amount',
  'Paid amount',
  'Converted in pipeline',
  'Pipeline conversion',
] as const;

const money = (amount: number) => amount.toFixed(2);

const percent = (ratio: number) => `${Math.round(ratio * 1000) / 10}%`;

const figures = (f: SalesAgentFigures) => [
  f.leadsAssigned,
  f.convertedLeads,
  f.orders,
  money(f.orderAmount),
  money(f.paidAmount),
  f.pipelineConverted,
  percent(f.pipelineConversion),
];

/** The report's table as CSV (UTF-8 with a byte order mark, so spreadsheet programs read names right), with a totals row. */
export function salesAgentReportCsv(report: SalesAgentReport): string {
  const lines = [
    SALES_AGENT_CSV_HEADERS,
    ...report.rows.map((row) => [row.name, row.email, ...figures(row)]),
    ['Total', '', ...figures(report.totals)],
  ];
  return `\uFEFF${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export const salesAgentCsvFileName = (report: SalesAgentReport) => `sales-agents-${report.from}-to-${report.to}.csv`;
