// What the front-door test sends: the operations of the merged OpenAPI document and, for each, the bad requests
// (raw bytes) it tries on them.
import { randomUUID } from 'node:crypto';
import { requestBytes } from './raw-http';

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
export interface Case {
  label: string;
  parts: (string | Buffer)[];
  gapMs?: number;
  halfClose?: boolean;
  /** A client that cut its own request short may get no answer at all, only a closed connection. */
  mayClose?: boolean;
}

const MiB = 1024 * 1024;
const BIG_BODY_OPERATIONS = 4;

export async function openApi(
  baseURL: string,
): Promise<{ paths: Record<string, Record<string, unknown>>; components?: { schemas?: Record<string, Schema> } }> {
  for (const path of ['/api/docs/openapi.json', '/api/docs']) {
    const response = await fetch(`${baseURL}${path}`, { headers: { accept: 'application/json' } });
    if (response.ok && /json/.test(response.headers.get('content-type') ?? '')) return response.json();
  }
  throw new Error('the merged OpenAPI document was not found at /api/docs/openapi.json or /api/docs');
}

export function operationsOf(doc: Awaited<ReturnType<typeof openApi>>): Operation[] {
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

export function casesFor(op: Operation, token: string, index: number): Case[] {
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
