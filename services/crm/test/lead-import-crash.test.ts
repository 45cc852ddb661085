import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Lead, LeadTablePage, LeadUpload } from '@backoffice/contracts';
import { bigSheet, buildCrm, expectEachRowOnce, json, sql, startCrm, upload, waitForJob, type CrmStack } from './crm-test-kit';

const ROWS = 30_000;
let stack: CrmStack;

beforeAll(async () => {
  buildCrm();
  stack = await startCrm({ CRM_IMPORT_BATCH_ROWS: '1000', CRM_JOB_LOCK_MS: '2000' });
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

async function committedRows(groupUploadId: number): Promise<number> {
  const rows = await sql<{ last_row: number }>(stack.api, 'select last_row from lead_groups where upload_id = $1', [groupUploadId]);
  return rows[0]?.last_row ?? 0;
}

it('resumes an import whose worker was killed mid-way, without a single duplicate', async () => {
  const path = join(stack.uploadDir, '..', `crash-${Date.now()}.xlsx`);
  await bigSheet(path, ROWS);
  const response = await upload(stack.api, readFileSync(path), 'crash.xlsx');
  expect(response.status).toBe(201);
  const file = await json<LeadUpload>(response);

  const first = await stack.startWorker();
  const started = await stack.api.request(`/api/leads/uploads/${file.id}/extract`, { method: 'POST', json: { duplicates: 'flag' } });
  const { jobId } = await json<{ jobId: string }>(started);

  // Wait until some batches are committed, then kill the worker without warning.
  const deadline = Date.now() + 90_000;
  while ((await committedRows(file.id)) < 3000) {
    if (Date.now() > deadline) throw new Error(`no progress:\n${first.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  await first.stop('SIGKILL');
  const committedAtKill = await committedRows(file.id);
  expect(committedAtKill).toBeLessThan(ROWS + 1);
  const mid = await json<{ state: string }>(await stack.api.request(`/api/leads/jobs/${jobId}`));
  expect(mid.state).toBe('active'); // its lock has not expired yet

  // A new worker finds the stalled job once its lock expires and resumes after the last committed batch.
  const second = await stack.startWorker();
  let sawProgress = false;
  const job = await waitForJob(stack.api, jobId, 120_000, (j) => (sawProgress ||= j.progress > 0 && j.progress < 100));
  expect(job.state).toBe('completed');
  expect(sawProgress).toBe(true);
  expect(job.result).toMatchObject({ totalRows: ROWS, imported: ROWS, duplicates: 0, failedRows: 0 });
  expect(second.output()).toMatch(/job lead-upload-\d+-1 completed/);
  await second.stop('SIGTERM'); // the next test counts on being the only worker

  await expectEachRowOnce(stack.api, job.result!.groupId, ROWS);
  const events = await sql<{ type: string }>(stack.api, `select type from outbox where topic like '%crm.lead-import.v1'`);
  expect(events.map((e) => e.type)).toEqual(['completed']);

  // The last rows made it, in sheet order, with their fields.
  const page = await json<LeadTablePage<Lead>>(
    await stack.api.request(`/api/leads/groups/${job.result!.groupId}/leads?start=${ROWS - 2}&length=5`),
  );
  expect(page.data.map((lead) => lead.lastName)).toEqual([`Last${ROWS - 2}`, `Last${ROWS - 1}`]);
  expect(page.data[1]).toMatchObject({
    email: `lead${3_000_000 + ROWS - 1}@bulk.test`,
    ssn: `***-**-${String(100000000 + ROWS - 1).slice(-4)}`,
  });
}, 240_000);

it('hands a running import back to the queue on a graceful shutdown, and the next worker finishes it', async () => {
  const path = join(stack.uploadDir, '..', `shutdown-${Date.now()}.xlsx`);
  await bigSheet(path, 20_000, 5_000_000);
  const file = await json<LeadUpload>(await upload(stack.api, readFileSync(path), 'shutdown.xlsx'));
  const worker = await stack.startWorker();
  const { jobId } = await json<{ jobId: string }>(
    await stack.api.request(`/api/leads/uploads/${file.id}/extract`, { method: 'POST', json: {} }),
  );
  const deadline = Date.now() + 90_000;
  while ((await committedRows(file.id)) < 2000) {
    if (Date.now() > deadline) throw new Error('no progress');
    await new Promise((r) => setTimeout(r, 50));
  }
  const stopping = Date.now();
  await worker.stop('SIGTERM');
  expect(Date.now() - stopping).toBeLessThan(8000);
  const handedBack = await json<{ state: string }>(await stack.api.request(`/api/leads/jobs/${jobId}`));
  expect(['waiting', 'delayed']).toContain(handedBack.state);

  await stack.startWorker();
  const job = await waitForJob(stack.api, jobId, 120_000);
  expect(job.result).toMatchObject({ imported: 20_000, duplicates: 0 });
  const [counts] = await sql<{ leads: string; rows: string }>(
    stack.api,
    'select count(*) as leads, count(distinct row_number) as rows from leads where group_id = $1',
    [job.result!.groupId],
  );
  expect(counts).toEqual({ leads: '20000', rows: '20000' });
}, 240_000);
