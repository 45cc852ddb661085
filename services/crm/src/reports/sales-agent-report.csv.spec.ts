import type { SalesAgentReport } from '@backoffice/contracts';
import { csvCell, salesAgentCsvFileName, salesAgentReportCsv } from './sales-agent-report.csv';

describe('csvCell', () => {
  it('prefixes cells a spreadsheet would read as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
  });

  it('quotes commas, quotes and line breaks, and leaves the rest alone', () => {
    expect(csvCell('Smith, Ann')).toBe('"Smith, Ann"');
    expect(csvCell('Ann "the closer"')).toBe('"Ann ""the closer"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('Ann Agent')).toBe('Ann Agent');
    expect(csvCell(12)).toBe('12');
    expect(csvCell('12.50')).toBe('12.50');
  });
});

describe('salesAgentReportCsv', () => {
  const report: SalesAgentReport = {
    from: '2026-03-01',
    to: '2026-03-31',
    timeZone: 'UTC',
    rows: [
      {
        userId: 'u1',
        name: '=cmd|calc',
        email: 'ann@x.io',
        leadsAssigned: 3,
        convertedLeads: 1,
        orders: 2,
        orderAmount: 1250.5,
        paidAmount: 0,
        pipelineConverted: 2,
        pipelineConversion: 0.6667,
      },
      {
        userId: 'u2',
        name: 'Bob, Jr.',
        email: 'bob@x.io',
        leadsAssigned: 1,
        convertedLeads: 0,
        orders: 0,
        orderAmount: 0,
        paidAmount: 0,
        pipelineConverted: 0,
        pipelineConversion: 0,
      },
    ],
    totals: {
      leadsAssigned: 4,
      convertedLeads: 1,
      orders: 2,
      orderAmount: 1250.5,
      paidAmount: 0,
      pipelineConverted: 2,
      pipelineConversion: 0.5,
    },
  };

  it('writes the header, a row per agent and the totals, CRLF, with a byte order mark', () => {
    expect(salesAgentReportCsv(report)).toBe(
      '\uFEFFSales agent,Email,Leads assigned,Converted leads,Orders,Order amount,Paid amount,Converted in pipeline,Pipeline conversion\r\n' +
        "'=cmd|calc,ann@x.io,3,1,2,1250.50,0.00,2,66.7%\r\n" +
        '"Bob, Jr.",bob@x.io,1,0,0,0.00,0.00,0,0%\r\n' +
        'Total,,4,1,2,1250.50,0.00,2,50%\r\n',
    );
    expect(salesAgentCsvFileName(report)).toBe('sales-agents-2026-03-01-to-2026-03-31.csv');
  });
});
