import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { Client } from 'pg';
import ExcelJS from 'exceljs';
import { recordFigure } from '../reliability/figures';
import { adminToken } from './fixtures';
import { casesFor, openApi, operationsOf } from './front-door-cases';
import { HangError, RawConnection, type RawResponse } from './raw-http';

/*
 * The front door, tried as other systems' HTTP clients and hostile callers would: raw bytes on one
 * keep-alive connection through the gateway. For every operation of the merged OpenAPI document it
 * sends bad inputs (wrong types, missing and extra fields, 1 MiB and 10 MiB strings, 3,000-deep JSON,
 * broken escapes and invalid UTF-8 in path, query and body, Expect: 100-continue, hop-by-hop headers,
 * cut and slow bodies, cut multipart) and asserts: never a 5xx, never a hang past 5 s, the same
 * connection answers the next request (a refusal never closes it, but where the client cut its own request short), and
 * nothing stored by an operation that answered only 4xx: no row added, removed or changed.
 */

/**
 * What every table of every service database holds, as its row count and the sum of a hash of each row's text (so an
 * UPDATE shows, not only an INSERT or a DELETE); but the event plumbing (outbox, inbox), which moves on its own, and
 * identity's audit log, which its consumer fills from every service's outbox after the fact (an earlier accepted
 * request's record may land while a later operation is being tried).
 */
class TableContents {
  private constructor(private readonly clients: { name: string; client: Client; tables: string[] }[]) {}

  static async open(pgUrl: string | undefined, prefix: string | undefined): Promise<TableContents> {
    if (!pgUrl || !prefix)
      throw new Error('needs the test stack’s databases: TEST_PG_SERVER_URL and TEST_DATABASE_PREFIX (npm test sets them)');
    const admin = new Client({ connectionString: pgUrl });
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${prefix}%`]);
    await admin.end();
    const clients = [];
    for (const { datname } of rows) {
      const url = new URL(pgUrl);
      url.pathname = `/${datname}`;
      const client = new Client({ connectionString: url.toString() });
      await client.connect();
      const { rows: tables } = await client.query<{ table_name: string }>(
        `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
           and table_name not in ('outbox', 'inbox', 'mikro_orm_migrations', 'audit_records')`,
      );
      clients.push({ name: datname, client, tables: tables.map((t) => t.table_name) });
    }
    return new TableContents(clients);
  }

  async take(): Promise<Map<string, string>> {
    const contents = new Map<string, string>();
    for (const { name, client, tables } of this.clients) {
      if (!tables.length) continue;
      const { rows } = await client.query<Record<string, string>>(
        `select ${tables
          .map((t, i) => `(select count(*) || ':' || coalesce(sum(hashtext(r::text)::bigint), 0) from "${t}" r) as c${i}`)
          .join(', ')}`,
      );
      tables.forEach((table, i) => contents.set(`${name}.${table}`, rows[0][`c${i}`]));
    }
    return contents;
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map(({ client }) => client.end()));
  }
}

test('the front door: thousands of bad inputs over every operation, never a 5xx, a hang or a stuck connection', async ({ baseURL }) => {
  test.setTimeout(600_000);
  const token = await adminToken(baseURL!);
  const operations = operationsOf(await openApi(baseURL!)).filter((op) => op.path.startsWith('/api/'));
  expect(operations.length).toBeGreaterThan(100);
  const port = Number(new URL(baseURL!).port);
  const connection = new RawConnection(port);
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let sent = 0;
  let previous = '(none)';
  /** Writes that answered 2xx to a bad input (e.g. an action whose body is all optional): listed, not failed. */
  const tolerated: string[] = [];
  const contents = await TableContents.open(process.env.TEST_PG_SERVER_URL, process.env.TEST_DATABASE_PREFIX);
  for (const [index, op] of operations.entries()) {
    const before = await contents.take();
    let accepted = false;
    for (const c of casesFor(op, token, index)) {
      sent++;
      const name = `${op.method} ${op.path} — ${c.label}`;
      let answer: RawResponse & { closed: boolean };
      try {
        answer = await connection.exchange(c.parts, {
          gapMs: c.gapMs,
          halfClose: c.halfClose,
          timeoutMs: 5000 + (c.gapMs ?? 0) * c.parts.length,
        });
      } catch (error) {
        if (!(error instanceof HangError)) throw error;
        failures.push(`${name}: hung (${error.message}); the case before it on this connection: ${previous}`);
        previous = name;
        continue;
      }
      previous = name;
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status >= 500) failures.push(`${name}: ${answer.status} ${answer.body.toString('utf8').slice(0, 160)}`);
      if (answer.status === 0 && !c.mayClose) failures.push(`${name}: the connection was closed without an answer`);
      else if (answer.closed && !c.mayClose) failures.push(`${name}: the connection was closed after a ${answer.status}`);
      if (answer.status >= 200 && answer.status < 300) {
        accepted = true;
        if (op.method !== 'GET') tolerated.push(`${name}: ${answer.status}`);
      }
      if (answer.ms > 5000 + (c.gapMs ?? 0) * c.parts.length) failures.push(`${name}: answered after ${Math.round(answer.ms)} ms`);
    }
    const after = await contents.take();
    if (!accepted) {
      const changed = [...after].filter(([table, n]) => before.get(table) !== n).map(([table]) => table);
      if (changed.length) failures.push(`${op.method} ${op.path}: answered only errors but changed ${changed.join(', ')}`);
    }
  }
  connection.close();
  await contents.close();
  const seen = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
  console.log(
    `front door: ${operations.length} operations, ${sent} bad requests, ${connection.reconnects} reconnects; statuses ${seen.join(' ')}`,
  );
  recordFigure('front door (e2e)', 'operations tried', operations.length, 'operations');
  recordFigure('front door (e2e)', 'bad requests sent', sent, 'requests');
  recordFigure(
    'front door (e2e)',
    '5xx answers',
    [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0),
    'answers',
  );
  recordFigure('front door (e2e)', 'hangs or stuck connections', failures.filter((f) => /hung/.test(f)).length, 'requests');
  recordFigure('front door (e2e)', 'connections closed by the server', connection.reconnects, 'connections');
  for (const [status, n] of statuses) recordFigure('front door (e2e)', `answered ${status}`, n, 'answers');
  expect(sent).toBeGreaterThanOrEqual(4000);
  expect(failures).toEqual([]);
});

test('curl, which sends Expect: 100-continue, uploads a 2 MB lead sheet through the gateway', async ({ baseURL }) => {
  const token = await adminToken(baseURL!);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Leads');
  sheet.addRow(['Name', 'Phone', 'Email']);
  for (let i = 0; sheet.rowCount < 40_000; i++)
    sheet.addRow([`Lead ${i} ${randomUUID()}`, `+1555${String(i).padStart(7, '0')}`, `lead${i}-${randomUUID()}@example.com`]);
  const dir = mkdtempSync(join(tmpdir(), 'front-door-'));
  try {
    const file = join(dir, 'big-leads.xlsx');
    writeFileSync(file, Buffer.from(await workbook.xlsx.writeBuffer()));
    const curl = spawnSync(
      'curl',
      [
        '-sS',
        '-v',
        '-o',
        '-',
        '-w',
        '\n%{http_code}',
        '-H',
        `Authorization: Bearer ${token}`,
        '-F',
        `file=@${file}`,
        `${baseURL}/api/leads/uploads`,
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    // curl asked for a 100 Continue before sending the body, as it does for large uploads.
    expect(curl.stderr).toMatch(/> Expect: 100-continue/i);
    const out = curl.stdout;
    const status = out.trim().split('\n').pop();
    expect(status).toBe('201');
    const record = JSON.parse(out.trim().split('\n').slice(0, -1).join('\n')) as { id: number; size: number };
    expect(record.size).toBeGreaterThan(2 * 1000 * 1000);
    // Clear it again: it is not for the other tests' lists.
    const cleared = await fetch(`${baseURL}/api/leads/uploads/${record.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(cleared.status).toBeLessThan(300);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('health checks and metrics are not served on the public port', async ({ baseURL }) => {
  for (const path of ['/metrics', '/health/live', '/health/ready']) {
    const response = await fetch(`${baseURL}${path}`);
    expect({ path, status: response.status }).toEqual({ path, status: 404 });
  }
});
