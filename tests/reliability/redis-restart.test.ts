import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import type { LeadUpload } from '@backoffice/contracts';
import {
  bigSheet,
  buildCrm,
  expectEachRowOnce,
  json,
  sql,
  startCrm,
  upload,
  waitForJob,
  type CrmStack,
} from '../../services/crm/test/crm-test-kit';
import { freePort, killOnExit, sleep } from './fault-kit';
import { recordFigure } from './figures';

/**
 * Redis (the BullMQ queue's store) restarted in the middle of a lead import: the job survives in Redis's
 * append-only file (as deployed), loses its lock while Redis is away, and completes after the retry with
 * exactly one lead per row. A private redis-server on its own port, so the shared one is never touched.
 */
const ROWS = 40_000;
const DOWN_MS = 3000; // longer than the job's lock (2 s): the worker's lock is gone when Redis returns

let redis: ChildProcess | undefined;
let redisPort: number;
let redisDir: string;
let stack: CrmStack;
let forget: () => void = () => undefined;

async function startRedis(): Promise<void> {
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(redisPort),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--dir',
      redisDir,
      '--maxmemory-policy',
      'noeviction',
    ],
    { stdio: 'ignore' },
  );
  redis = child;
  const client = new Redis({ port: redisPort, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  const deadline = Date.now() + 30_000;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('redis-server exited while starting');
      const pong = await client
        .connect()
        .then(() => client.ping())
        .catch(() => '');
      // Loading the append-only file answers LOADING until done.
      if (pong === 'PONG') return;
      client.disconnect();
      if (Date.now() > deadline) throw new Error('redis-server did not answer');
      await sleep(100);
    }
  } finally {
    client.disconnect();
  }
}

function killRedis(): Promise<void> {
  return new Promise((done) => {
    if (!redis || redis.exitCode !== null || redis.signalCode !== null) return done();
    redis.once('exit', () => done());
    redis.kill('SIGKILL');
  });
}

beforeAll(async () => {
  buildCrm();
  redisPort = await freePort();
  redisDir = mkdtempSync(join(tmpdir(), 'fault-redis-'));
  await startRedis();
  forget = killOnExit(() => [redis]);
  stack = await startCrm({
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    CRM_IMPORT_BATCH_ROWS: '1000',
    CRM_JOB_LOCK_MS: '2000',
    // Two attempts: a retry that found the first run still importing, and counted as a failed attempt, would be the
    // last one and fail the upload (it did, before the worker learnt to wait for the earlier run without using one).
    CRM_JOB_ATTEMPTS: '2',
  });
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await killRedis();
  forget();
  if (redisDir) rmSync(redisDir, { recursive: true, force: true });
}, 60_000);

const committedRows = async (uploadId: number) =>
  (await sql<{ last_row: number }>(stack.api, 'select last_row from lead_groups where upload_id = $1', [uploadId]))[0]?.last_row ?? 0;

it('completes an import after Redis restarts under it, with exactly one lead per row', async () => {
  const path = join(stack.uploadDir, '..', `redis-restart-${Date.now()}.xlsx`);
  await bigSheet(path, ROWS, 7_000_000);
  const response = await upload(stack.api, readFileSync(path), 'redis-restart.xlsx');
  rmSync(path, { force: true });
  expect(response.status).toBe(201);
  const file = await json<LeadUpload>(response);

  const worker = await stack.startWorker();
  const started = await stack.api.request(`/api/leads/uploads/${file.id}/extract`, { method: 'POST', json: { duplicates: 'flag' } });
  expect(started.status).toBe(202);
  const { jobId } = await json<{ jobId: string }>(started);

  const deadline = Date.now() + 90_000;
  while ((await committedRows(file.id)) < 2000) {
    if (Date.now() > deadline) throw new Error(`no progress:\n${worker.output()}`);
    await sleep(50);
  }

  // Redis crashes and is away for a while; the API says so rather than guessing.
  await killRedis();
  const killedAt = Date.now();
  const atKill = await committedRows(file.id);
  const whileAway = await stack.api.request(`/api/leads/jobs/${jobId}`);
  expect(whileAway.status).toBe(503);
  expect(whileAway.headers.get('content-type')).toMatch(/problem\+json/);
  while (Date.now() - killedAt < DOWN_MS) await sleep(100);
  await startRedis();
  const backAt = Date.now();
  // A second worker replica joins: its stalled-job check finds the job without its lock at once and runs it
  // again while the first worker's import is still going (the first worker's checker backs off after the outage).
  const replica = await stack.startWorker();

  const job = await waitForJob(stack.api, jobId, 150_000);
  const completedAt = Date.now();
  expect(job.state).toBe('completed');
  expect(job.result).toMatchObject({ totalRows: ROWS, imported: ROWS, duplicates: 0, failedRows: 0 });
  expect(worker.child.exitCode).toBeNull(); // both workers rode it out
  expect(replica.child.exitCode).toBeNull();

  // The job was taken again after the restart (its lock had expired with Redis away): it completed after a retry.
  const client = new Redis({ port: redisPort, host: '127.0.0.1', lazyConnect: true });
  await client.connect();
  const startedRuns = Number(await client.hget(`${stack.env.CRM_QUEUE_PREFIX}:crm-leads:${jobId}`, 'ats'));
  client.disconnect();
  expect(startedRuns).toBeGreaterThanOrEqual(2);
  const output = worker.output() + replica.output();
  const waitedForEarlierRun = output.split(`job ${jobId}: an earlier run is still importing`).length - 1;
  // No attempt failed: the lines that say one did, whole, so a failure names its cause.
  expect(output.split('\n').filter((line) => /failed: /.test(line))).toEqual([]);

  const leads = await expectEachRowOnce(stack.api, job.result!.groupId, ROWS);
  const [uploadRow] = await sql<{ extracted: boolean; error: boolean }>(
    stack.api,
    'select extracted, error from lead_uploads where id = $1',
    [file.id],
  );
  expect(uploadRow).toEqual({ extracted: true, error: false });
  const events = await sql<{ type: string }>(stack.api, `select type from outbox where topic like '%crm.lead-import.v1'`);
  expect(events.map((e) => e.type)).toEqual(['completed']);

  recordFigure(
    'Redis restarted mid-import',
    `sheet rows committed when Redis went away (of ${ROWS.toLocaleString('en-US')})`,
    atKill - 1,
    'rows',
  );
  recordFigure('Redis restarted mid-import', 'Redis away', backAt - killedAt, 'ms');
  recordFigure('Redis restarted mid-import', 'Redis back to the job completed', completedAt - backAt, 'ms');
  recordFigure('Redis restarted mid-import', 'leads imported (exactly the rows)', leads, 'leads');
  recordFigure('Redis restarted mid-import', 'runs of the job (first + retries)', startedRuns, 'runs');
  recordFigure('Redis restarted mid-import', 'retries that waited for the earlier run, no attempt used', waitedForEarlierRun, 'retries');
}, 240_000);
