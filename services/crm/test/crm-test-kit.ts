import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { LEAD_TEMPLATE_HEADERS, type LeadImportJob, type StaffUser } from '@backoffice/contracts';
import { buildServices, freePort, queryDatabase, startTestService, type TestService } from '@backoffice/platform/testing';

export { freePort };

export const ROOT = resolve(__dirname, '../../..');

/** The worker runs as its own process from dist (as in production, and so a test can kill it). */
export const buildCrm = (): void => buildServices();

export interface CrmStack {
  api: TestService;
  uploadDir: string;
  env: Record<string, string>;
  startWorker(extra?: Record<string, string>): Promise<WorkerProcess>;
  close(): Promise<void>;
}

export interface WorkerProcess {
  child: ChildProcess;
  /** Its health and metrics listener, e.g. http://127.0.0.1:41234. */
  url: string;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** The crm API in this process (fresh database) and, on demand, worker processes sharing its database, Redis prefix and store. */
export async function startCrm(env: Record<string, string> = {}): Promise<CrmStack> {
  const uploadDir = mkdtempSync(join(tmpdir(), 'crm-uploads-'));
  const crmEnv: Record<string, string> = {
    CRM_UPLOAD_DIR: uploadDir,
    CRM_SSN_KEY: randomBytes(32).toString('hex'),
    CRM_QUEUE_PREFIX: `crmtest${randomBytes(4).toString('hex')}`,
    CRM_JOB_LOCK_MS: '3000',
    CRM_JOB_ATTEMPTS: '3',
    SEED_DEMO_DATA: 'false',
    ...env,
  };
  const api = await startTestService(() => require('../src/app.module').AppModule, {
    service: 'crm',
    env: crmEnv,
    configure: (app) => require('../src/crm.http').configureCrmHttp(app),
  });
  const workers: WorkerProcess[] = [];
  const stack: CrmStack = {
    api,
    uploadDir,
    env: crmEnv,
    async startWorker(extra = {}) {
      const port = await freePort();
      let output = '';
      const child = spawn(process.execPath, [join(ROOT, 'services/crm/dist/worker.js')], {
        cwd: ROOT,
        env: { ...process.env, ...crmEnv, DATABASE_URL: api.databaseUrl, PORT: String(port), LOG_LEVEL: 'info', ...extra },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk) => (output += chunk));
      child.stderr?.on('data', (chunk) => (output += chunk));
      const worker: WorkerProcess = {
        child,
        url: `http://127.0.0.1:${port}`,
        output: () => output,
        stop: (signal = 'SIGTERM') =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill(signal);
          }),
      };
      workers.push(worker);
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`the worker exited:\n${output}`);
        const ready = await fetch(`http://127.0.0.1:${port}/health/ready`).then(
          (r) => r.ok,
          () => false,
        );
        if (ready) return worker;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`the worker did not become ready:\n${output}`);
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.stop('SIGKILL')));
      await api.close();
      rmSync(uploadDir, { recursive: true, force: true });
    },
  };
  return stack;
}

export const json = async <T = Record<string, unknown>>(response: Response): Promise<T> => (await response.json()) as T;

/** The real identity service a crm test runs beside (crm asks it who a user is, with the caller's token), and its staff. */
export interface StaffDirectory {
  readonly identity: TestService;
  /** Adds a staff user; the email is their first name, this directory's run and its domain. */
  createUser(name: string, roles: string[]): Promise<StaffUser>;
}

/** Starts identity with an Admin of its own; the emails of its users end in `@domain`. */
export async function startStaffDirectory(domain: string): Promise<StaffDirectory> {
  const run = Math.random().toString(36).slice(2, 8);
  const identity = await startTestService(() => require('../../identity/src/app.module').AppModule, {
    service: 'identity',
    env: { ADMIN_EMAIL: `admin-${run}@${domain}`, ADMIN_PASSWORD: 'Admin-pass-1', SEED_DEMO_DATA: 'false' },
  });
  return {
    identity,
    async createUser(name, roles) {
      const response = await identity.request('/api/identity/users', {
        method: 'POST',
        json: { name, email: `${name.split(' ')[0].toLowerCase()}-${run}@${domain}`, password: 'Agent-pass-1', roles },
      });
      if (response.status !== 201) throw new Error(`create user: ${response.status} ${await response.text()}`);
      return json<StaffUser>(response);
    },
  };
}

/** Uploads a file as the console does (multipart, field "file"). */
export async function upload(
  api: TestService,
  bytes: Buffer | Uint8Array,
  name = 'leads.xlsx',
  roles: ('Admin' | 'Manager' | 'Salesagent')[] = ['Admin'],
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return api.request('/api/leads/uploads', { method: 'POST', body: form, roles });
}

/**
 * Enqueues an extraction and waits for its job to settle. Sheets generated in the same second can be
 * byte-identical, so this extracts a file even when its content was imported before (`again`); the
 * re-upload check itself is tested in lead-import.test.ts.
 */
export async function extract(api: TestService, uploadId: number, duplicates: 'flag' | 'skip' = 'flag', timeoutMs = 60_000) {
  const response = await api.request(`/api/leads/uploads/${uploadId}/extract`, { method: 'POST', json: { duplicates, again: true } });
  if (response.status !== 202) throw new Error(`extract: ${response.status} ${await response.text()}`);
  const { jobId } = await json<{ jobId: string }>(response);
  return waitForJob(api, jobId, timeoutMs);
}

export async function waitForJob(api: TestService, jobId: string, timeoutMs = 60_000, onProgress?: (job: LeadImportJob) => void) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await json<LeadImportJob>(await api.request(`/api/leads/jobs/${jobId}`));
    onProgress?.(job);
    if (job.state === 'completed' || job.state === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.state} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** A workbook of lead rows under the template's headers (or the headers given). */
export async function sheet(rows: unknown[][], headers: readonly string[] | null = LEAD_TEMPLATE_HEADERS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet('Leads');
  if (headers) worksheet.addRow([...headers]);
  for (const row of rows) worksheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A big sheet written with exceljs's streaming writer, as a user's export would be. */
export async function bigSheet(path: string, count: number, phoneBase = 3_000_000): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: false });
  const worksheet = workbook.addWorksheet('Leads');
  worksheet.addRow([...LEAD_TEMPLATE_HEADERS]).commit();
  for (let i = 0; i < count; i++) {
    worksheet
      .addRow([
        String(100000000 + i),
        `First${i}`,
        `Last${i}`,
        'Acme',
        i % 2 ? 'Male' : 'Female',
        'Springfield',
        30000 + (i % 5000),
        `lead${phoneBase + i}@bulk.test`,
        `+1 555 ${String(phoneBase + i).padStart(7, '0')}`,
        '',
      ])
      .commit();
  }
  worksheet.commit();
  await workbook.commit();
}

/** One statement on the service's database (queryDatabase). */
export function sql<T extends Record<string, unknown>>(api: TestService, text: string, params: unknown[] = []): Promise<T[]> {
  return queryDatabase<T>(api.databaseUrl, text, params);
}

/**
 * The group holds each of the sheet's `rows` rows once: one lead per row and sequence number, and its two keys.
 * Answers the leads counted.
 */
export async function expectEachRowOnce(api: TestService, groupId: number, rows: number): Promise<number> {
  const [counts] = await sql<{ leads: string; rows: string; seqs: string; max_seq: number }>(
    api,
    `select count(*) as leads, count(distinct row_number) as rows, count(distinct seq) as seqs, max(seq) as max_seq
     from leads where group_id = $1`,
    [groupId],
  );
  expect(counts).toEqual({ leads: String(rows), rows: String(rows), seqs: String(rows), max_seq: rows });
  const [keys] = await sql<{ count: string }>(api, 'select count(*) from lead_keys where group_id = $1', [groupId]);
  expect(Number(keys.count)).toBe(rows * 2);
  return Number(counts.leads);
}
