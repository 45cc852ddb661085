import ExcelJS from 'exceljs';
import { LEAD_TEMPLATE_HEADERS, type LeadUpload } from '@backoffice/contracts';
import { json, sheet, sql, startCrm, upload, type CrmStack } from './crm-test-kit';
import { contentTypes, workbookParts, zip } from './hostile-zip';

let stack: CrmStack;

beforeAll(async () => {
  stack = await startCrm({ CRM_UPLOAD_MAX_BYTES: String(256 * 1024) });
});

afterAll(async () => {
  await stack?.close();
});

const refused = async (bytes: Buffer, name = 'leads.xlsx') => {
  const response = await upload(stack.api, bytes, name);
  expect(response.status).toBe(400);
  const problem = await json<{ errors: { path: string; message: string }[] }>(response);
  expect(problem.errors[0].path).toBe('file');
  return problem.errors[0].message;
};

describe('POST /api/leads/uploads', () => {
  it('stores an xlsx and answers its record', async () => {
    const response = await upload(stack.api, await sheet([['', 'A', 'B', '', '', '', '', 'a@b.co', '', '']]), 'good.xlsx');
    expect(response.status).toBe(201);
    const record = await json<LeadUpload>(response);
    expect(record).toMatchObject({ name: 'good.xlsx', status: 'pending', error: false, extracted: false, jobId: null });
    expect(new Date(record.date).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const [row] = await sql<{ stored_name: string }>(stack.api, 'select stored_name from lead_uploads where id = $1', [record.id]);
    expect(row.stored_name).toMatch(/^[0-9a-f-]{36}\.xlsx$/);
  });

  it('judges by content, not by name: a renamed PDF, plain text and an old .xls are refused', async () => {
    expect(await refused(Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'))).toBe('The file is a PDF, not an xlsx spreadsheet.');
    expect(await refused(Buffer.from('name,email\nann,ann@example.com\n'))).toMatch(/not an xlsx spreadsheet/);
    expect(await refused(Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)]))).toMatch(/97-2003/);
    expect(await refused(Buffer.alloc(0))).toMatch(/empty/);
    // A real workbook with a wrong name is fine.
    const renamed = await upload(stack.api, await sheet([['', 'A', 'B', '', '', '', '', 'a@b.co', '', '']]), 'leads.bin');
    expect(renamed.status).toBe(201);
  });

  it('checks the zip directory before inflating: traversal, bombs, macros, other zips', async () => {
    expect(await refused(zip([...workbookParts, { name: '../../etc/cron.d/x', data: Buffer.from('x') }]))).toMatch(/unsafe path/);
    const bomb = Buffer.alloc(20 * 1024 * 1024, 'a');
    expect(await refused(zip([...workbookParts, { name: 'xl/worksheets/sheet1.xml', data: bomb }]))).toMatch(/inflates \d+ times/);
    expect(await refused(zip([...workbookParts, { name: 'xl/vbaProject.bin', data: Buffer.from('macro') }]))).toMatch(/Macro-enabled/);
    expect(
      await refused(
        zip([
          { name: '[Content_Types].xml', data: contentTypes('application/vnd.ms-excel.sheet.macroEnabled.main+xml') },
          { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
        ]),
      ),
    ).toMatch(/Macro-enabled/);
    expect(
      await refused(
        zip([
          { name: '[Content_Types].xml', data: contentTypes() },
          { name: 'word/document.xml', data: Buffer.from('<w/>') },
        ]),
      ),
    ).toMatch(/not an xlsx/);
    // A directory that understates a part's size is caught when the part is read.
    expect(
      await refused(zip([...workbookParts, { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(100_000, 'b'), declaredSize: 1000 }])),
    ).toMatch(/damaged/);
  });

  it('refuses a file above the size limit, a request without a file, and leaves nothing behind', async () => {
    const workbook = new ExcelJS.Workbook();
    const worksheet = workbook.addWorksheet('Leads');
    worksheet.addRow([...LEAD_TEMPLATE_HEADERS]);
    for (let i = 0; i < 20_000; i++) worksheet.addRow([`${Math.random()}`, `${Math.random()}`, `${Math.random()}`]);
    const big = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(big.length).toBeGreaterThan(256 * 1024);
    expect(await refused(big)).toMatch(/larger than/);

    const noFile = await stack.api.request('/api/leads/uploads', { method: 'POST', json: { file: 'x' } });
    expect(noFile.status).toBe(400);
    const { readdirSync } = await import('node:fs');
    const stored = (await sql<{ stored_name: string }>(stack.api, 'select stored_name from lead_uploads')).map((r) => r.stored_name).sort();
    expect(readdirSync(stack.uploadDir).sort()).toEqual(stored);
  });

  it('answers a body cut short, a file in another field and two files with 400 in seconds, keeping no file', async () => {
    const { readdirSync } = await import('node:fs');
    const before = readdirSync(stack.uploadDir).sort();
    const bytes = await sheet([['Ann', '555-0100', 'ann@example.com']]);
    const boundary = 'CutShortBoundary';
    const part = (field: string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="leads.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        bytes,
        Buffer.from('\r\n'),
      ]);
    const close = Buffer.from(`--${boundary}--\r\n`);
    const send = (body: Buffer) =>
      stack.api.request('/api/leads/uploads', {
        method: 'POST',
        body: new Uint8Array(body),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        signal: AbortSignal.timeout(5000),
      });
    const cases: [string, Buffer, RegExp][] = [
      ['no closing boundary', part('file'), /cut short|could not be read/],
      ['another field', Buffer.concat([part('upload'), close]), /field "file"/],
      ['two files', Buffer.concat([part('file'), part('file'), close]), /one file at a time/],
    ];
    for (const [label, body, message] of cases) {
      const response = await send(body);
      const problem = await json<{ errors: { path: string; message: string }[] }>(response);
      expect({ label, status: response.status, path: problem.errors?.[0]?.path }).toEqual({ label, status: 400, path: 'file' });
      expect(problem.errors[0].message).toMatch(message);
      expect({ label, stored: readdirSync(stack.uploadDir).sort() }).toEqual({ label, stored: before });
    }
  });

  it('is for staff only', async () => {
    const response = await upload(stack.api, await sheet([]), 'x.xlsx', ['Salesagent']);
    expect(response.status).toBe(403);
    expect((await stack.api.request('/api/leads/uploads', { token: null })).status).toBe(401);
  });
});

describe('pending uploads', () => {
  it('lists pending files oldest first and clears one or all', async () => {
    const listed = await json<LeadUpload[]>(await stack.api.request('/api/leads/uploads'));
    expect(listed.length).toBeGreaterThanOrEqual(2);
    expect(listed.map((u) => u.id)).toEqual([...listed.map((u) => u.id)].sort((a, b) => a - b));

    const one = await stack.api.request(`/api/leads/uploads/${listed[0].id}`, { method: 'DELETE' });
    expect(one.status).toBe(204);
    expect((await stack.api.request(`/api/leads/uploads/${listed[0].id}`, { method: 'DELETE' })).status).toBe(404);

    const all = await stack.api.request('/api/leads/uploads', { method: 'DELETE' });
    expect(await json(all)).toEqual({ removed: listed.length - 1, kept: 0 });
    expect(await json(await stack.api.request('/api/leads/uploads'))).toEqual([]);
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(stack.uploadDir)).toEqual([]);
  });

  it('answers 404 for unknown uploads and jobs, 400 for bad ids', async () => {
    expect((await stack.api.request('/api/leads/uploads/424242/extract', { method: 'POST', json: {} })).status).toBe(404);
    // No body at all: every field of an extraction's body is optional, so it is an empty one (here: 404, not 400).
    const bodiless = await stack.api.request('/api/leads/uploads/424242/extract', { method: 'POST' });
    expect({ status: bodiless.status, code: (await json<{ code: string }>(bodiless)).code }).toEqual({ status: 404, code: 'not_found' });
    expect((await stack.api.request('/api/leads/uploads/x/extract', { method: 'POST', json: {} })).status).toBe(400);
    const badMode = await stack.api.request('/api/leads/uploads/1/extract', { method: 'POST', json: { duplicates: 'merge' } });
    expect(badMode.status).toBe(400);
    expect((await json<{ errors: { path: string }[] }>(badMode)).errors[0].path).toBe('duplicates');
    expect((await stack.api.request('/api/leads/jobs/lead-upload-424242-1')).status).toBe(404);
    expect((await stack.api.request('/api/leads/jobs/whatever')).status).toBe(404);
  });
});

describe('GET /api/leads/template.xlsx', () => {
  it('is a workbook with the header row and an example row that imports cleanly', async () => {
    const response = await stack.api.request('/api/leads/template.xlsx');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('leads-template.xlsx');
    const bytes = Buffer.from(await response.arrayBuffer());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as never);
    const leads = workbook.getWorksheet('Leads')!;
    expect((leads.getRow(1).values as unknown[]).slice(1)).toEqual([...LEAD_TEMPLATE_HEADERS]);
    expect(leads.getRow(2).getCell(2).value).toBe('John');
    // The template itself passes the upload checks.
    expect((await upload(stack.api, bytes, 'leads-template.xlsx')).status).toBe(201);
  });
});
