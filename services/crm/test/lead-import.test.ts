import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import {
  LEAD_TEMPLATE_HEADERS,
  type Lead,
  type LeadGroup,
  type LeadImportJob,
  type LeadTablePage,
  type LeadUpload,
  type Page,
  type Problem,
} from '@backoffice/contracts';
import { brokenWorkbook } from './broken-workbook';
import {
  bigSheet,
  buildCrm,
  extract,
  json,
  sheet,
  sql,
  startCrm,
  upload,
  waitForJob,
  type CrmStack,
  type WorkerProcess,
} from './crm-test-kit';

let stack: CrmStack;
let worker: WorkerProcess;

beforeAll(async () => {
  buildCrm();
  stack = await startCrm();
  worker = await stack.startWorker();
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

const uploadSheet = async (rows: unknown[][], name = 'leads.xlsx', headers?: readonly string[] | null) => {
  const response = await upload(stack.api, await sheet(rows, headers), name);
  expect(response.status).toBe(201);
  return json<LeadUpload>(response);
};

const groupLeads = async (groupId: number, query = '') =>
  json<LeadTablePage<Lead>>(await stack.api.request(`/api/leads/groups/${groupId}/leads?length=500${query}`));

describe('extracting a sheet', () => {
  it('imports every field of a generated sheet into a group named after the file', async () => {
    const file = await uploadSheet(
      [
        [
          '123-45-6789',
          'John',
          'Smith',
          'Acme Inc.',
          'Male',
          'Springfield',
          32874,
          'John.Smith@Example.com',
          '+1 (555) 010-0001',
          'Call after 5',
        ],
        [12345678, 'Mary', 'Jones', 'Globex', 'f', 'Shelbyville', '07/04/1985', 'mary@example.com', 5550100002, ''],
        [null, 'Ahmed', 'Khan', null, null, null, null, null, '555 010 0003', null],
      ],
      'March leads.xlsx',
    );
    expect(file).toMatchObject({ name: 'March leads.xlsx', status: 'pending', extracted: false, error: false });

    const job = await extract(stack.api, file.id);
    expect(job.state).toBe('completed');
    expect(job.progress).toBe(100);
    expect(job.result).toMatchObject({ totalRows: 3, imported: 3, duplicates: 0, failedRows: 0, groupName: 'March leads' });
    expect(job.groups).toHaveLength(1);

    const page = await groupLeads(job.result!.groupId);
    expect(page).toMatchObject({ recordsTotal: 3, recordsFiltered: 3 });
    expect(page.data.map(({ id: _id, groupId: _group, ...lead }) => lead)).toEqual([
      {
        ssn: '***-**-6789',
        firstName: 'John',
        lastName: 'Smith',
        name: 'John Smith',
        workAt: 'Acme Inc.',
        gender: 'Male',
        currentCity: 'Springfield',
        dob: '1990-01-01',
        email: 'John.Smith@Example.com',
        phone: '+1 (555) 010-0001',
        notes: 'Call after 5',
        duplicate: false,
        sellers: [],
      },
      {
        ssn: '***-**-5678',
        firstName: 'Mary',
        lastName: 'Jones',
        name: 'Mary Jones',
        workAt: 'Globex',
        gender: 'Female',
        currentCity: 'Shelbyville',
        dob: '1985-07-04',
        email: 'mary@example.com',
        phone: '5550100002',
        notes: '',
        duplicate: false,
        sellers: [],
      },
      {
        ssn: null,
        firstName: 'Ahmed',
        lastName: 'Khan',
        name: 'Ahmed Khan',
        workAt: '',
        gender: '',
        currentCity: '',
        dob: null,
        email: '',
        phone: '555 010 0003',
        notes: '',
        duplicate: false,
        sellers: [],
      },
    ]);

    // The SSN is encrypted at rest and never leaves whole.
    const stored = await sql<{ ssn_encrypted: string }>(stack.api, 'select ssn_encrypted from leads where first_name = $1', ['John']);
    expect(stored[0].ssn_encrypted).toMatch(/^v1\./);
    expect(stored[0].ssn_encrypted).not.toContain('6789');
    expect(JSON.stringify(page)).not.toContain('123456789');

    // The file leaves the pending list; the event is in the outbox.
    const pending = await json<LeadUpload[]>(await stack.api.request('/api/leads/uploads'));
    expect(pending.find((u) => u.id === file.id)).toBeUndefined();
    const events = await sql<{ type: string; payload: { data: Record<string, unknown> } }>(
      stack.api,
      `select type, payload from outbox where topic like '%crm.lead-import.v1' and key = $1`,
      [String(file.id)],
    );
    expect(events).toEqual([
      expect.objectContaining({
        type: 'completed',
        payload: expect.objectContaining({ data: expect.objectContaining({ uploadId: file.id, imported: 3, failedRows: 0 }) }),
      }),
    ]);

    const groups = await json<Page<LeadGroup>>(await stack.api.request('/api/leads/groups'));
    expect(groups.items[0]).toMatchObject({ id: job.result!.groupId, name: 'March leads', leadCount: 3 });
  });

  it('imports the good rows of a sheet with bad ones and reports each bad row with its reason', async () => {
    const file = await uploadSheet([
      ['', 'Good', 'One', '', '', '', '', 'good1@example.com', '', ''],
      ['', '', '', 'Nameless Inc', '', '', '', 'nameless@example.com', '', ''],
      [],
      ['123', 'Bad', 'Ssn', '', 'robot', '', 99999999, 'not-an-email', '', ''],
      ['', 'Good', 'Two', '', '', '', '', '', '555-010-7777', ''],
    ]);
    const job = await extract(stack.api, file.id);
    expect(job.state).toBe('completed');
    expect(job.result).toMatchObject({ totalRows: 4, imported: 2, failedRows: 2 });

    const errors = await json<{ total: number; data: { rowNumber: number; reason: string }[] }>(
      await stack.api.request(`/api/leads/uploads/${file.id}/errors`),
    );
    expect(errors.total).toBe(2);
    expect(errors.data[0]).toEqual({ rowNumber: 3, reason: 'Name is missing' });
    expect(errors.data[1].rowNumber).toBe(5);
    expect(errors.data[1].reason).toMatch(/Email "not-an-email" is not a valid email address/);
    expect(errors.data[1].reason).toMatch(/SSN must have 9 digits/);
    expect(errors.data[1].reason).toMatch(/Gender "robot"/);

    // The failed rows as a sheet to fix and re-upload: template columns, the reason last, no SSN in clear.
    const response = await stack.api.request(`/api/leads/uploads/${file.id}/errors.xlsx`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const rows = workbook.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0].slice(1)).toEqual([...LEAD_TEMPLATE_HEADERS, 'Reason']);
    expect(rows).toHaveLength(3);
    expect(String(rows[2][1])).toMatch(/^enc:v1\./);
    expect(rows[2][11]).toMatch(/^Row 5: /);

    const group = await groupLeads(job.result!.groupId);
    expect(group.data.map((lead) => lead.name)).toEqual(['Good One', 'Good Two']);
  });

  it('counts in the summary what is in the group and in the failed-rows file', async () => {
    // Two new leads, one already known (skipped), two bad rows.
    const file = await uploadSheet([
      ['', 'Count', 'One', '', '', '', '', 'count.one@example.com', '', ''],
      ['', 'Known', 'Again', '', '', '', '', 'mary@example.com', '', ''],
      ['', '', '', 'Nameless', '', '', '', 'count.nameless@example.com', '', ''],
      ['', 'Count', 'Two', '', '', '', '', '', '555-010-8888', ''],
      ['', 'Bad', 'Mail', '', '', '', '', 'nope@', '', ''],
    ]);
    const job = await extract(stack.api, file.id, 'skip');
    expect(job.result).toMatchObject({ totalRows: 5, imported: 2, failedRows: 2, skippedDuplicates: 1, duplicates: 0 });

    const group = await groupLeads(job.result!.groupId);
    expect(group.recordsTotal).toBe(job.result!.imported);
    expect(group.data).toHaveLength(job.result!.imported);
    const failed = await stack.api.request(`/api/leads/uploads/${file.id}/errors.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await failed.arrayBuffer()) as never);
    expect(workbook.worksheets[0].actualRowCount - 1).toBe(job.result!.failedRows); // less its header row
    expect(job.groups?.[0]).toMatchObject({ leadCount: 2, failedRows: 2, skippedDuplicates: 1 });
  });

  it('recognises a file uploaded again by its content before extracting it, and imports it again only when asked', async () => {
    const bytes = await sheet([['', 'Repeat', 'Person', '', '', '', '', 'repeat@example.com', '', '']]);
    const first = await json<LeadUpload>(await upload(stack.api, bytes, 'Repeat.xlsx'));
    expect(first.alreadyImported).toBeNull();
    const stored = await sql<{ content_sha256: string }>(stack.api, 'select content_sha256 from lead_uploads where id = $1', [first.id]);
    expect(stored[0].content_sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    const imported = await extract(stack.api, first.id);
    expect(imported.result?.groupName).toBe('Repeat');

    // The same bytes again: flagged on upload and in the pending list, with the group it made.
    const second = await json<LeadUpload>(await upload(stack.api, bytes, 'Repeat.xlsx'));
    expect(second.alreadyImported).toMatchObject({ group: { id: imported.result!.groupId, name: 'Repeat', leadCount: 1 } });
    expect(Date.parse(second.alreadyImported!.date)).toBeGreaterThan(Date.parse(first.date));
    const pending = await json<LeadUpload[]>(await stack.api.request('/api/leads/uploads'));
    expect(pending.find((u) => u.id === second.id)?.alreadyImported?.group.id).toBe(imported.result!.groupId);

    // Extracting it needs the choice; Extract All leaves it for that choice.
    const refused = await stack.api.request(`/api/leads/uploads/${second.id}/extract`, { method: 'POST', json: {} });
    expect(refused.status).toBe(409);
    const problem = await json<Problem>(refused);
    expect(problem).toMatchObject({ code: 'already_imported', errors: [{ path: 'again' }] });
    expect(problem.detail).toMatch(/^This file was already imported on \d{4}-\d{2}-\d{2} as "Repeat"\./);
    const all = await json<{ jobs: { uploadId: number }[]; alreadyImported: number[] }>(
      await stack.api.request('/api/leads/uploads/extract', { method: 'POST', json: {} }),
    );
    expect(all.alreadyImported).toContain(second.id);
    expect(all.jobs.map((job) => job.uploadId)).not.toContain(second.id);
    expect((await json<LeadUpload[]>(await stack.api.request('/api/leads/uploads'))).find((u) => u.id === second.id)?.status).toBe(
      'pending',
    );

    // Imported again on purpose: a new group, with a name of its own.
    const again = await stack.api.request(`/api/leads/uploads/${second.id}/extract`, { method: 'POST', json: { again: true } });
    expect(again.status).toBe(202);
    const job = await waitForJob(stack.api, (await json<{ jobId: string }>(again)).jobId);
    expect(job.result).toMatchObject({ groupName: 'Repeat (2)', imported: 1, duplicates: 1 });
  });

  it('gives every group its own name: a taken name gets a number, and the database refuses twins whatever their case', async () => {
    const names: string[] = [];
    for (const email of ['twin1@example.com', 'twin2@example.com']) {
      const file = await uploadSheet([['', 'Twin', 'Name', '', '', '', '', email, '', '']], 'Twins.xlsx');
      names.push((await extract(stack.api, file.id)).result!.groupName);
    }
    expect(names).toEqual(['Twins', 'Twins (2)']);
    await expect(sql(stack.api, `insert into lead_groups (name) values ('TWINS (2)')`)).rejects.toMatchObject({ code: '23505' });
  });

  it("says in plain words that a damaged workbook cannot be read, keeping the parser's words for the log", async () => {
    // A plain xlsx zip that passes every upload check, whose sheet XML is broken inside (the parser: "undefined entity").
    const file = await json<LeadUpload>(await upload(stack.api, brokenWorkbook(), 'broken.xlsx'));
    const job = await extract(stack.api, file.id);
    expect(job.state).toBe('failed');
    expect(job.error).toBe(
      'This file is not a readable Excel spreadsheet: part of it is damaged. Open it in Excel, save it as an Excel Workbook (.xlsx) and upload it again.',
    );
    const pending = await json<LeadUpload[]>(await stack.api.request('/api/leads/uploads'));
    expect(pending.find((u) => u.id === file.id)).toMatchObject({ status: 'failed', message: job.error });
    expect(worker.output()).toMatch(new RegExp(`upload ${file.id}, job lead-upload-${file.id}-1 \\(attempt 1\\): .*entity`, 'i'));
  });

  it('tells how far it has read: rows read and the share of the file, for a sheet that does not declare its size', async () => {
    // exceljs's streaming writer, like many exports, writes no <dimension>: the rows read and the bytes tell.
    const path = join(mkdtempSync(join(tmpdir(), 'far-')), 'far.xlsx');
    await bigSheet(path, 12_000, 7_000_000);
    const file = await json<LeadUpload>(await upload(stack.api, readFileSync(path), 'far.xlsx'));
    const seen: { progress: number; rows: NonNullable<LeadImportJob['rows']> }[] = [];
    const response = await stack.api.request(`/api/leads/uploads/${file.id}/extract`, { method: 'POST', json: {} });
    const job = await waitForJob(stack.api, (await json<{ jobId: string }>(response)).jobId, 60_000, (polled) => {
      if (polled.rows) seen.push({ progress: polled.progress, rows: polled.rows });
    });
    expect(job.result?.imported).toBe(12_000);
    expect(job.rows).toBeUndefined();
    expect(seen.length).toBeGreaterThan(0);
    for (const { progress, rows } of seen) {
      expect(rows.lastRow).toBeNull();
      expect(rows.rowsRead).toBe(rows.row - 1); // below the header row
      expect(progress).toBeGreaterThan(0);
      expect(progress).toBeLessThan(100);
    }
  });

  it('flags leads whose phone or email is already known, or skips them when asked', async () => {
    const rows = [
      ['', 'Dup', 'Phone', '', '', '', '', 'fresh1@example.com', '+1 555 010 0001', ''],
      ['', 'Dup', 'Email', '', '', '', '', 'MARY@example.com', '', ''],
      ['', 'New', 'Person', '', '', '', '', 'brand.new@example.com', '', ''],
      ['', 'Same', 'File', '', '', '', '', 'brand.new@example.com', '', ''],
    ];
    const flagged = await extract(stack.api, (await uploadSheet(rows, 'dups.xlsx')).id, 'flag');
    expect(flagged.result).toMatchObject({ imported: 4, duplicates: 3, skippedDuplicates: 0 });
    const page = await groupLeads(flagged.result!.groupId);
    expect(page.data.map((lead) => [lead.name, lead.duplicate])).toEqual([
      ['Dup Phone', true],
      ['Dup Email', true],
      ['New Person', false],
      ['Same File', true],
    ]);

    const skipped = await extract(stack.api, (await uploadSheet(rows, 'dups again.xlsx')).id, 'skip');
    expect(skipped.state).toBe('failed');
    expect(skipped.error).toMatch(/^All 4 leads are already known/);
  });

  it('fails a header-less sheet and an empty sheet with a clear message, keeping the file pending in red', async () => {
    const headerless = await uploadSheet(
      Array.from({ length: 25 }, (_, i) => [`Person ${i}`, `p${i}@example.com`]),
      'no header.xlsx',
      null,
    );
    const job = await extract(stack.api, headerless.id);
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/No header row was found/);
    expect(job.error).toContain('SSN, First Name, Last Name, Work At, Gender, Current City, DOB, Email, Phone, Notes');
    const pending = await json<LeadUpload[]>(await stack.api.request('/api/leads/uploads'));
    expect(pending.find((u) => u.id === headerless.id)).toMatchObject({ status: 'failed', error: true, message: job.error });

    const empty = await uploadSheet([], 'empty.xlsx', null);
    const emptyJob = await extract(stack.api, empty.id);
    expect(emptyJob).toMatchObject({ state: 'failed', error: 'The sheet is empty: it has no rows at all.' });

    const headerOnly = await uploadSheet([], 'header only.xlsx');
    expect((await extract(stack.api, headerOnly.id)).error).toBe('The sheet has a header row but no leads below it.');

    // Failed groups leave nothing behind.
    const groups = await sql<{ count: string }>(stack.api, `select count(*) from lead_groups where status = 'importing'`);
    expect(groups[0].count).toBe('0');
    const events = await sql<{ type: string }>(stack.api, `select type from outbox where topic like '%crm.lead-import.v1' and key = $1`, [
      String(headerless.id),
    ]);
    expect(events.map((e) => e.type)).toEqual(['failed']);
  });

  it('maps headers by name, in any order and with aliases, below title rows', async () => {
    const file = await upload(
      stack.api,
      await sheet(
        [
          ['Leads exported in March'],
          [],
          ['E-mail Address', 'Full Name', 'Mobile', 'Company', 'Date of birth'],
          ['ann@example.com', 'Ann Marie Lee', '555 010 4444', 'Initech', '1992-02-29'],
        ],
        null,
      ),
      'aliases.xlsx',
    );
    const job = await extract(stack.api, (await json<LeadUpload>(file)).id);
    const [lead] = (await groupLeads(job.result!.groupId)).data;
    expect(lead).toMatchObject({
      firstName: 'Ann Marie',
      lastName: 'Lee',
      email: 'ann@example.com',
      phone: '555 010 4444',
      workAt: 'Initech',
      dob: '1992-02-29',
    });
  });

  it('enqueues one job for a double click, and refuses to extract twice', async () => {
    const file = await uploadSheet([['', 'Double', 'Click', '', '', '', '', 'double@example.com', '', '']]);
    const [a, b] = await Promise.all([
      stack.api.request(`/api/leads/uploads/${file.id}/extract`, { method: 'POST', json: {} }),
      stack.api.request(`/api/leads/uploads/${file.id}/extract`, { method: 'POST', json: {} }),
    ]);
    expect([a.status, b.status]).toEqual([202, 202]);
    const [ja, jb] = [await json<{ jobId: string }>(a), await json<{ jobId: string }>(b)];
    expect(ja.jobId).toBe(jb.jobId);
    expect(ja.jobId).toBe(`lead-upload-${file.id}-1`);
    expect((await waitForJob(stack.api, ja.jobId)).state).toBe('completed');
    const again = await stack.api.request(`/api/leads/uploads/${file.id}/extract`, { method: 'POST', json: {} });
    expect(again.status).toBe(409);
    expect((await sql<{ count: string }>(stack.api, `select count(*) from leads where email = 'double@example.com'`))[0].count).toBe('1');
  });
});
