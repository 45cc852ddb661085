import type { LeadUpload } from '@backoffice/contracts';
import { buildCrm, extract, json, sheet, sql, startCrm, upload, waitForJob, type CrmStack } from './crm-test-kit';

/**
 * Extract All (POST /api/leads/uploads/extract) on the real crm service and its worker: one job per file not yet
 * extracted, oldest upload first, none for a file already extracted; every job runs to a group of its own; a
 * second Extract All finds nothing left to do. Only a Manager (or an Admin) may start it.
 */
let stack: CrmStack;

beforeAll(async () => {
  buildCrm();
  stack = await startCrm();
  await stack.startWorker();
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

const uploadSheet = async (name: string, rows: unknown[][]) => {
  const response = await upload(stack.api, await sheet(rows), name);
  expect(response.status).toBe(201);
  return json<LeadUpload>(response);
};

const lead = (n: number) => [
  null,
  `First${n}`,
  `Last${n}`,
  null,
  null,
  null,
  null,
  `lead${n}@example.com`,
  `555 020 ${String(n).padStart(4, '0')}`,
  null,
];

it('enqueues one job per pending upload, oldest first, skips extracted ones, and each job imports its own file', async () => {
  const done = await uploadSheet('already done.xlsx', [lead(1)]);
  expect((await extract(stack.api, done.id)).state).toBe('completed');
  const first = await uploadSheet('first.xlsx', [lead(2), lead(3)]);
  const second = await uploadSheet('second.xlsx', [lead(4)]);
  const third = await uploadSheet('third.xlsx', [lead(5), lead(6), lead(7)]);

  const response = await stack.api.request('/api/leads/uploads/extract', {
    method: 'POST',
    json: { duplicates: 'flag' },
    roles: ['Manager'],
  });
  expect(response.status).toBe(202);
  const { jobs } = await json<{ jobs: { uploadId: number; jobId: string }[] }>(response);
  expect(jobs.map((job) => job.uploadId)).toEqual([first.id, second.id, third.id]);
  expect(new Set(jobs.map((job) => job.jobId)).size).toBe(3);

  const results = await Promise.all(jobs.map((job) => waitForJob(stack.api, job.jobId)));
  expect(results.map((job) => job.state)).toEqual(['completed', 'completed', 'completed']);
  expect(results.map((job) => [job.result?.groupName, job.result?.imported])).toEqual([
    ['first', 2],
    ['second', 1],
    ['third', 3],
  ]);
  // The leads are in the database, each in its file's group.
  const counts = await sql<{ name: string; leads: string }>(
    stack.api,
    'select g.name, count(l.id) as leads from lead_groups g join leads l on l.group_id = g.id group by g.name order by g.name',
  );
  expect(counts.map((c) => [c.name, Number(c.leads)])).toEqual([
    ['already done', 1],
    ['first', 2],
    ['second', 1],
    ['third', 3],
  ]);

  // Nothing is left pending: a second Extract All enqueues nothing.
  const again = await stack.api.request('/api/leads/uploads/extract', { method: 'POST', json: { duplicates: 'flag' }, roles: ['Manager'] });
  expect(again.status).toBe(202);
  expect(await json(again)).toEqual({ jobs: [], alreadyImported: [] });
}, 120_000);

it('refuses a sales agent (403) and an unknown duplicates mode (400), enqueuing nothing', async () => {
  const pending = await uploadSheet('pending.xlsx', [lead(8)]);
  const agent = await stack.api.request('/api/leads/uploads/extract', {
    method: 'POST',
    json: { duplicates: 'flag' },
    roles: ['Salesagent'],
  });
  expect(agent.status).toBe(403);
  const invalid = await stack.api.request('/api/leads/uploads/extract', {
    method: 'POST',
    json: { duplicates: 'merge' },
    roles: ['Manager'],
  });
  expect(invalid.status).toBe(400);
  const [row] = await sql<{ job_id: string | null; attempt: number }>(stack.api, 'select job_id, attempt from lead_uploads where id = $1', [
    pending.id,
  ]);
  expect(row).toMatchObject({ job_id: null, attempt: 0 });
});
