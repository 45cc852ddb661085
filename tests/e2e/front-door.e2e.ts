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
import { HangError, RawConnection, requestBytes, type RawResponse } from './raw-http';

/*
 * The front door, tried as other systems' HTTP clients and hostile callers would: raw bytes on one
 * keep-alive connection through the gateway. For every operation of the merged OpenAPI document it
 * sends bad inputs (wrong types, missing and extra fields, 1 MiB and 10 MiB strings, 3,000-deep JSON,
 * broken escapes and invalid UTF-8 in path, query and body, Expect: 100-continue, hop-by-hop headers,
 * cut and slow bodies, cut multipart) and asserts: never a 5xx, never a hang past 5 s, the same
 * connection answers the next request, and nothing stored by an operation that answered only 4xx.
 */

interface Schema {
  type?: string | string[];
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  $ref?: string;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  json?: Schema;
  multipart: boolean;
}
interface Case {
  label: string;
  parts: (string | Buffer)[];
  gapMs?: number;
  halfClose?: boolean;
  /** A client that cut its own request short may get no answer at all, only a closed connection. */
  mayClose?: boolean;
}

const MiB = 1024 * 1024;
const BIG_BODY_OPERATIONS = 4;

async function openApi(
  baseURL: string,
): Promise<{ paths: Record<string, Record<string, unknown>>; components?: { schemas?: Record<string, Schema> } }> {
  for (const path of ['/api/docs/openapi.json', '/api/docs']) {
    const response = await fetch(`${baseURL}${path}`, { headers: { accept: 'application/json' } });
    if (response.ok && /json/.test(response.headers.get('content-type') ?? '')) return response.json();
  }
  throw new Error('the merged OpenAPI document was not found at /api/docs/openapi.json or /api/docs');
}

function operationsOf(doc: Awaited<ReturnType<typeof openApi>>): Operation[] {
  const resolve = (schema: Schema | undefined): Schema | undefined => {
    if (!schema?.$ref) return schema;
    return resolve(doc.components?.schemas?.[schema.$ref.split('/').pop()!]);
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const op = raw as { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };
      const content = op.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema) })),
        json: resolve(content['application/json']?.schema),
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  return operations;
}

const isInteger = (schema?: Schema) => [schema?.type].flat().includes('integer') || [schema?.type].flat().includes('number');

/** A value of the right shape that names nothing that exists, so no case can change real data. */
function unknownValue(parameter: Parameter): string {
  if (isInteger(parameter.schema)) return '2147480000';
  if (parameter.schema?.enum?.length) return encodeURIComponent(String(parameter.schema.enum[0]));
  return randomUUID();
}

function target(op: Operation, override: { name?: string; value?: string; query?: string } = {}): string {
  let path = op.path;
  const query: string[] = [];
  for (const parameter of op.parameters) {
    const value = parameter.name === override.name ? override.value! : unknownValue(parameter);
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, value);
    else if (parameter.in === 'query' && (parameter.required || parameter.name === override.name)) query.push(`${parameter.name}=${value}`);
  }
  if (override.query) query.push(override.query);
  return query.length ? `${path}?${query.join('&')}` : path;
}

const deep = (levels: number, open: string, close: string, inner = '1') => `${open.repeat(levels)}${inner}${close.repeat(levels)}`;
const BAD_TEXT_VALUES: [string, string][] = [
  ['true', 'true'],
  ['0x10', '0x10'],
  ['" 7 " (spaces)', '%207%20'],
  ['-1', '-1'],
  ['1e3', '1e3'],
  ['[1]', '%5B1%5D'],
  ['a broken escape', '%ZZ'],
  ['invalid UTF-8', '%ED%A0%80'],
  ['5,000 characters', 'A'.repeat(5000)],
];
const WRONG_FIELD_VALUES: [string, unknown][] = [
  ['true', true],
  ['[1]', [1]],
  ['"0x10"', '0x10'],
  ['" 7 "', ' 7 '],
  ['null', null],
  ['{}', {}],
  ['-1', -1],
  ['1e308', 1e308],
  ['a lone surrogate', '\ud800'],
  ['10,000 characters', 'A'.repeat(10_000)],
];

function casesFor(op: Operation, token: string, index: number): Case[] {
  const auth = { authorization: `Bearer ${token}` };
  const cases: Case[] = [];
  const send = (
    label: string,
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: string | Buffer,
    extra: Partial<Case> = {},
  ) => cases.push({ label, parts: [requestBytes(method, url, { ...auth, ...headers }, body)], ...extra });

  // Path parameters and the query string.
  for (const parameter of op.parameters.filter((p) => p.in === 'path' || p.in === 'query')) {
    for (const [label, value] of BAD_TEXT_VALUES)
      send(`${parameter.in} ${parameter.name}: ${label}`, op.method, target(op, { name: parameter.name, value }), {});
  }
  send('query: a broken escape', op.method, target(op, { query: 'x=%ZZ' }), {});
  send('query: invalid UTF-8', op.method, target(op, { query: 'x=%ED%A0%80' }), {});
  send('query: a bare %', op.method, target(op, { query: 'x=100%' }), {});

  // Hop-by-hop and expectation headers on an otherwise plain request (reads only: nothing may change).
  if (op.method === 'GET') {
    for (const [label, headers] of [
      ['Expect: 100-continue', { expect: '100-continue' }],
      ['Keep-Alive', { 'keep-alive': 'timeout=5, max=100' }],
      ['Connection naming a header', { connection: 'keep-alive, x-drop-me', 'x-drop-me': '1' }],
      ['TE: trailers', { te: 'trailers' }],
      ['Upgrade: h2c', { connection: 'Upgrade', upgrade: 'h2c' }],
      ['Proxy-Authorization', { 'proxy-authorization': 'Basic eDp5' }],
    ] as [string, Record<string, string>][]) {
      send(`header ${label}`, op.method, target(op), headers);
    }
    return cases;
  }

  const url = target(op);
  const json = { 'content-type': 'application/json' };
  // Whole bodies.
  for (const [label, body] of [
    ['malformed JSON', '{"name":'],
    ['an empty JSON body', ''],
    ['JSON null', 'null'],
    ['a JSON array', '[]'],
    ['a JSON string', '"text"'],
    ['a JSON number', '42'],
    ['3,000 levels of arrays', deep(3000, '[', ']')],
    ['3,000 levels of objects', deep(3000, '{"a":', '}')],
    ['a __proto__ key', '{"__proto__":{"admin":true}}'],
    ['trailing garbage', '{}garbage'],
  ] as [string, string][]) {
    send(`body: ${label}`, op.method, url, json, body);
  }
  send(
    'body: invalid UTF-8',
    op.method,
    url,
    json,
    Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xed, 0xa0, 0x80]), Buffer.from('"}')]),
  );
  send('body: JSON sent as text/plain', op.method, url, { 'content-type': 'text/plain' }, '{"name":"x"}');
  send('body: an unknown content type', op.method, url, { 'content-type': 'application/x-evil' }, 'x=1');
  send('body: a 1 MiB string', op.method, url, json, `{"name":"${'A'.repeat(MiB)}"}`);
  send('body: bad JSON with Expect: 100-continue', op.method, url, { ...json, expect: '100-continue' }, '{"name":');
  send(
    'body: chunked, over the limit',
    op.method,
    url,
    { ...json, 'transfer-encoding': 'chunked' },
    chunked(`{"name":"${'B'.repeat(MiB + 10)}"}`),
  );
  if (index < BIG_BODY_OPERATIONS) send('body: a 10 MiB string', op.method, url, json, `{"name":"${'C'.repeat(10 * MiB)}"}`);
  // A body cut short by a client that gives up, and a slow one that arrives in the end.
  cases.push({
    label: 'body: cut short (Content-Length 100, 20 bytes sent, client closes)',
    parts: [requestBytes(op.method, url, { ...auth, ...json, 'content-length': '100' }, '{"name":"cut short..')],
    halfClose: true,
    mayClose: true,
  });
  const slow = '{"name": 1, "slow": true}';
  // Slow bodies take over a second each: every sixth operation, which still covers each service.
  if (index % 6 === 0)
    cases.push({
      label: 'body: slow (3 pieces, 400 ms apart)',
      parts: [
        requestBytes(op.method, url, { ...auth, ...json, 'content-length': String(slow.length) }),
        slow.slice(0, 8),
        slow.slice(8, 16),
        slow.slice(16),
      ],
      gapMs: 400,
    });
  if (op.multipart) {
    const boundary = 'FrontDoorBoundary';
    const part = (field: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="x.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\nPK\u0003\u0004not really\r\n`;
    const multipart = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    send('multipart: no closing boundary', op.method, url, multipart, part('file'));
    send('multipart: the file in another field', op.method, url, multipart, `${part('upload')}--${boundary}--\r\n`);
    send('multipart: two files', op.method, url, multipart, `${part('file')}${part('file')}--${boundary}--\r\n`);
    send('multipart: no file at all', op.method, url, multipart, `--${boundary}--\r\n`);
  }
  // One field at a time, in a body that lacks every required field (so it can never be valid).
  const properties = Object.keys(op.json?.properties ?? {});
  const required = op.json?.required ?? [];
  if (required.length) {
    for (const property of properties) {
      for (const [label, value] of WRONG_FIELD_VALUES) {
        const body = { [property]: value };
        if (required.every((name) => name in body)) continue;
        send(`${property}: ${label}`, op.method, url, json, JSON.stringify(body));
      }
    }
    send('body: an empty object', op.method, url, json, '{}');
    send('body: only unknown fields', op.method, url, json, '{"unknown":1,"other":[true]}');
  }
  return cases;
}

function chunked(text: string): string {
  const half = Math.floor(text.length / 2);
  const chunk = (s: string) => `${Buffer.byteLength(s).toString(16)}\r\n${s}\r\n`;
  return `${chunk(text.slice(0, half))}${chunk(text.slice(half))}0\r\n\r\n`;
}

/**
 * Row counts of every table of every service database, but the event plumbing (outbox, inbox), which moves on its own,
 * and identity's audit log, which its consumer fills from every service's outbox after the fact (an earlier accepted
 * request's record may land while a later operation is being tried).
 */
class RowCounts {
  private constructor(private readonly clients: { name: string; client: Client; tables: string[] }[]) {}

  static async open(pgUrl: string | undefined, prefix: string | undefined): Promise<RowCounts | undefined> {
    if (!pgUrl || !prefix) return undefined;
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
    return new RowCounts(clients);
  }

  async take(): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const { name, client, tables } of this.clients) {
      if (!tables.length) continue;
      const { rows } = await client.query<Record<string, string>>(
        `select ${tables.map((t, i) => `(select count(*) from "${t}") as c${i}`).join(', ')}`,
      );
      tables.forEach((table, i) => counts.set(`${name}.${table}`, Number(rows[0][`c${i}`])));
    }
    return counts;
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
  const counts = await RowCounts.open(process.env.TEST_PG_SERVER_URL, process.env.TEST_DATABASE_PREFIX);
  for (const [index, op] of operations.entries()) {
    const before = await counts?.take();
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
      if (answer.status >= 200 && answer.status < 300) {
        accepted = true;
        if (op.method !== 'GET') tolerated.push(`${name}: ${answer.status}`);
      }
      if (answer.ms > 5000 + (c.gapMs ?? 0) * c.parts.length) failures.push(`${name}: answered after ${Math.round(answer.ms)} ms`);
    }
    const after = await counts?.take();
    if (before && after && !accepted) {
      const changed = [...after].filter(([table, n]) => before.get(table) !== n).map(([table]) => table);
      if (changed.length) failures.push(`${op.method} ${op.path}: answered only errors but changed ${changed.join(', ')}`);
    }
  }
  connection.close();
  await counts?.close();
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
