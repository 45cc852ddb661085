import { signToken } from '@backoffice/platform/testing';
import {
  badParameterValues,
  deepArray,
  deepObject,
  fields,
  HTML_INJECTIONS,
  isFreeText,
  outOfBounds,
  parameterSample,
  pathText,
  sample,
  SCRIPT_MARKERS,
  SQL_INJECTIONS,
  UNICODE_EDGES,
  withValue,
  type BadParameter,
  writeOperations,
  wrongTypes,
  type OpenApiDocument,
  type Operation,
} from './bad-input-cases';
import {
  changedTables,
  neighbourStub,
  randomIp,
  routerRoutes,
  SERVICE_UNDER_TEST,
  ServiceDatabase,
  startService,
  type StartedService,
} from './security-kit';

/*
 * Bad input for every POST, PUT and PATCH endpoint of every service, generated from the service's
 * OpenAPI document (itself checked against the routes the Nest router really has): each request is
 * spoiled one way, and the answer must be a 400 problem with field errors naming what is wrong
 * (413 for a body over the size limit), never a 5xx, and no table may gain or lose a row.
 *
 * SQL and HTML injection in a field that takes any text (a name, a note) is legitimate text: such a
 * request may be refused, and when it is accepted the text must be stored exactly as sent (the SQL
 * was a parameter, not code; the markup is inert text for the console to escape) or, in rich text,
 * with its script removed, and no table may lose a row. In every other field it is refused.
 */

const BODY_LIMIT = 1_048_576;
/** Injections a service accepted as text (and that were then checked in its tables). */
const tally = { accepted: 0 };
const token = signToken({ roles: ['Admin'] });

type Kind = 'refuse' | 'tolerate' | 'injection';

interface Case {
  label: string;
  kind: Kind;
  /** Path of the field the answer must name (refuse). */
  target?: string;
  /** An action without a body: it may change data whatever the body says; only its answer is judged. */
  action?: boolean;
  /** Statuses that are right besides 400. */
  alsoAccept?: number[];
  /** Malformed JSON has no fields to name. */
  noFieldErrors?: boolean;
  url: string;
  body?: string;
  contentType?: string | null;
  /** The injected text (injection), and the field it went into. */
  payload?: string;
  field?: (string | number)[];
}

interface Problem {
  status?: number;
  errors?: { path: string; message: string }[];
}

function urlOf(op: Operation, override?: { name: string; bad: BadParameter }): string {
  let path = op.path;
  const query: string[] = [];
  for (const parameter of op.parameters) {
    const overridden = override?.name === parameter.name;
    const value = overridden ? override.bad.value : parameterSample(parameter);
    const encoded = overridden && override.bad.raw ? value : encodeURIComponent(value);
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encoded);
    else if (parameter.required || overridden) query.push(`${encodeURIComponent(parameter.name)}=${encoded}`);
  }
  return query.length ? `${path}?${query.join('&')}` : path;
}

/**
 * The optional fields a body needs besides the required ones, learnt from the service: a sample
 * body is sent, and an optional field its 400 names is added, until the body passes validation.
 */
async function probe(service: StartedService, op: Operation): Promise<string[]> {
  const extras: string[] = [];
  if (!op.body) return extras;
  for (let round = 0; round < 5; round++) {
    const response = await fetch(`${service.url}${urlOf(op)}`, {
      method: op.method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-forwarded-for': randomIp() },
      body: JSON.stringify(sample(op.body, 'value', extras)),
    });
    const answer = (await response.json().catch(() => ({}))) as Problem;
    if (response.status !== 400) break;
    const optional = (answer.errors ?? [])
      .map((e) => e.path.split('.')[0])
      .filter((key) => op.body!.properties?.[key] && !(op.body!.required ?? []).includes(key) && !extras.includes(key));
    if (optional.length === 0) break;
    extras.push(...new Set(optional));
  }
  return extras;
}

/** Every spoiled request for one operation. */
function casesFor(op: Operation, extras: string[]): Case[] {
  const cases: Case[] = [];
  const json = (value: unknown) => JSON.stringify(value);
  const base = () => (op.body ? sample(op.body, 'value', extras) : undefined);
  const baseBody = () => (op.body ? json(base()) : undefined);

  // Path and query parameters, whatever the body.
  for (const parameter of op.parameters) {
    const freeText = isFreeText(parameter.schema ?? { type: 'string' });
    for (const bad of badParameterValues(parameter.schema)) {
      cases.push({
        label: `${parameter.in} ${parameter.name}: ${bad.label}`,
        kind: freeText && bad.textual ? 'tolerate' : 'refuse',
        target: parameter.name,
        url: urlOf(op, { name: parameter.name, bad }),
        alsoAccept: bad.alsoAccept,
        // The router refuses a broken address before it knows the parameters.
        noFieldErrors: bad.raw,
        body: baseBody(),
        contentType: op.body ? 'application/json' : undefined,
      });
    }
  }

  if (!op.body) {
    // No JSON body (an action, a multipart or raw upload): whatever is sent instead must not break it
    // (an action may still do what it does: only a raw upload's rows are counted).
    for (const [label, body] of [
      ['a JSON object with an operator', json({ $where: '1 == 1', id: "1' OR '1'='1" })],
      ['malformed JSON', '{"id":'],
      ['a deeply nested body', json(deepObject())],
    ] as const) {
      cases.push({ label, kind: 'tolerate', url: urlOf(op), body, contentType: 'application/json', action: op.otherContent.length === 0 });
    }
    return cases;
  }

  const schema = op.body;
  const url = urlOf(op);
  const send = (value: unknown) => json(value);

  // The body as a whole.
  cases.push({ label: 'malformed JSON', kind: 'refuse', noFieldErrors: true, url, body: '{"name":', contentType: 'application/json' });
  cases.push({ label: 'an empty JSON body', kind: 'refuse', noFieldErrors: true, url, body: '', contentType: 'application/json' });
  const required = schema.required ?? [];
  // A body whose fields are all optional may be left out: the request is read as an empty body (an action may act).
  if (required.length) cases.push({ label: 'no body at all', kind: 'refuse', url, contentType: null });
  else cases.push({ label: 'no body at all', kind: 'tolerate', action: true, url, contentType: null });
  for (const [label, value] of [
    ['null', null],
    ['an array', []],
    ['a string', 'text'],
    ['a number', 42],
    ['true', true],
    ['1,000 levels of arrays', deepArray()],
  ] as const) {
    cases.push({ label: `the body is ${label}`, kind: 'refuse', url, body: send(value), contentType: 'application/json' });
  }
  cases.push({
    label: 'the body is 1,000 levels of objects',
    kind: required.length ? 'refuse' : 'tolerate',
    url,
    body: send(deepObject()),
    contentType: 'application/json',
  });
  if (required.length)
    cases.push({ label: 'an empty object', kind: 'refuse', target: required[0], url, body: '{}', contentType: 'application/json' });

  // One field at a time.
  for (const field of fields(schema)) {
    const target = pathText(field.path);
    const spoil = (label: string, value: unknown, kind: Kind = 'refuse', extra: Partial<Case> = {}) =>
      cases.push({
        label: `${target}: ${label}`,
        kind,
        target,
        url,
        body: send(withValue(schema, base(), field.path, value)),
        contentType: 'application/json',
        ...extra,
      });
    if (field.required) {
      cases.push({
        label: `${target}: missing`,
        kind: 'refuse',
        target,
        url,
        body: send(withValue(schema, base(), field.path, undefined, true)),
        contentType: 'application/json',
      });
    }
    for (const wrong of wrongTypes(field.schema)) spoil(wrong.label, wrong.value);
    for (const bound of outOfBounds(field.schema)) spoil(bound.label, bound.value);
    spoil('1,000 levels of arrays', deepArray());
    spoil('1,000 levels of objects', deepObject());
    const text = isFreeText(field.schema);
    for (const edge of UNICODE_EDGES) spoil(edge.label, edge.value);
    for (const payload of [...SQL_INJECTIONS, ...HTML_INJECTIONS]) {
      const label = `${SQL_INJECTIONS.includes(payload) ? 'SQL' : 'HTML'} ${JSON.stringify(payload)}`;
      if (text) spoil(label, payload, 'injection', { payload, field: field.path, target: undefined });
      else spoil(label, payload);
    }
  }

  // A 1 MB string in the first text field: over the body limit.
  const first = fields(schema).find((f) => isFreeText(f.schema)) ?? fields(schema).find((f) => f.schema.type === 'string');
  if (first) {
    cases.push({
      label: `${pathText(first.path)}: a 1 MB string`,
      kind: 'refuse',
      target: pathText(first.path),
      url,
      body: send(withValue(schema, base(), first.path, 'A'.repeat(BODY_LIMIT))),
      contentType: 'application/json',
    });
  }
  return cases;
}

const valueAt = (body: unknown, path: (string | number)[]): unknown =>
  path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), body);

/** Sends one case and answers what is wrong with the outcome, or nothing. */
async function attack(service: StartedService, db: ServiceDatabase, op: Operation, c: Case): Promise<string | undefined> {
  const before = await db.counts();
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'x-forwarded-for': randomIp() };
  if (c.contentType) headers['content-type'] = c.contentType;
  let response: Response;
  try {
    response = await fetch(`${service.url}${c.url}`, { method: op.method, headers, body: c.body });
  } catch (error) {
    return `no answer (${(error as Error).message})`;
  }
  const text = await response.text();
  const status = response.status;
  let answer: Problem | undefined;
  try {
    answer = text ? (JSON.parse(text) as Problem) : undefined;
  } catch {
    answer = undefined;
  }
  const after = await db.counts();
  const changed = changedTables(before, after);
  const brief = () => `${status} ${text.slice(0, 160)}`;

  if (status >= 500) return `a server error: ${brief()}`;
  if (c.kind === 'tolerate') return changed.length && !c.action ? `stored something (${changed.join(', ')}) with ${status}` : undefined;

  if (c.kind === 'injection') {
    if (status >= 400) return changed.length ? `stored something (${changed.join(', ')}) while answering ${status}` : undefined;
    const lost = Object.keys(before).filter((table) => after[table] < before[table]);
    if (lost.length) return `a table lost rows: ${lost.join(', ')}`;
    const stored = await db.whereStored(c.payload!);
    tally.accepted++;
    if (stored.length) return undefined; // kept exactly as sent: data, not code
    const echoed = valueAt(answer, c.field!);
    if (typeof echoed === 'string' && SCRIPT_MARKERS.some((m) => echoed.toLowerCase().includes(m))) {
      return `accepted and kept the markup: ${JSON.stringify(echoed).slice(0, 120)}`;
    }
    const hostile = SCRIPT_MARKERS.some((m) => c.payload!.toLowerCase().includes(m));
    return hostile ? undefined : `accepted (${status}) but the text was not stored as sent`;
  }

  // refuse
  const big = (c.body?.length ?? 0) > BODY_LIMIT;
  const other = (status === 413 && big) || (c.alsoAccept ?? []).includes(status);
  if (status !== 400 && !other) return `not refused: ${brief()}`;
  if (changed.length) return `refused with ${status} but stored something (${changed.join(', ')})`;
  // A route that documents an error shape of its own (RFC 6749 on the token endpoint) refuses in that shape.
  if (op.ownErrorShape && status === 400 && /application\/json/.test(response.headers.get('content-type') ?? '')) return undefined;
  if (!/application\/problem\+json/.test(response.headers.get('content-type') ?? ''))
    return `${status} without a problem document: ${brief()}`;
  if (other) return undefined;
  if (c.noFieldErrors) return undefined;
  const errors = answer?.errors ?? [];
  if (errors.length === 0) return `400 without field errors: ${brief()}`;
  if (c.target && !errors.some((e) => e.path === c.target || e.path.startsWith(`${c.target}.`))) {
    return `400 naming other fields (${errors.map((e) => e.path).join(', ')}), not ${c.target}`;
  }
  return undefined;
}

/** What a service needs to accept a sample body at all (the ids a sample names exist). */
async function prepare(name: string, db: ServiceDatabase): Promise<void> {
  if (name === 'orders') {
    // Orders take items of the catalogue's services, known from its topic: service 1 (what a sample itemId names).
    await db.query(
      `insert into catalogue_services (id, name, delivery_type, price, active, physical, required_files, source_updated_at)
       values (1, 'Sample service', 'Online', 10, true, false, '[]'::jsonb, now()) on conflict (id) do nothing`,
    );
  }
}

/** Write routes the gateway forwards: every one is under /api. */
const isApi = (path: string) => path.startsWith('/api/');

describe.each(SERVICE_UNDER_TEST)('%s', (name) => {
  let service: StartedService;
  let db: ServiceDatabase;
  let stub: Awaited<ReturnType<typeof neighbourStub>>;
  let operations: Operation[];

  beforeAll(async () => {
    stub = await neighbourStub();
    service = await startService(name, stub.url);
    db = await ServiceDatabase.open(service);
    const doc = (await (await fetch(`${service.url}/openapi.json`)).json()) as OpenApiDocument;
    operations = writeOperations(doc).filter((op) => isApi(op.path));
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await service?.close();
    await stub?.close();
  });

  it('documents every write route its router has', () => {
    const documented = new Set(operations.map((op) => `${op.method} ${op.path}`));
    const routes = routerRoutes(service)
      .filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method) && isApi(route.path))
      .map((route) => `${route.method} ${route.path}`);
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.filter((route) => !documented.has(route))).toEqual([]);
  });

  it('answers bad input to every POST, PUT and PATCH with 400 and field errors, never 5xx, storing nothing', async () => {
    const failures: string[] = [];
    let sent = 0;
    tally.accepted = 0;
    for (const op of operations) {
      await prepare(name, db);
      for (const c of casesFor(op, await probe(service, op))) {
        sent++;
        const failure = await attack(service, db, op, c);
        if (failure) failures.push(`${op.method} ${op.path} — ${c.label}: ${failure}`);
      }
    }
    console.log(`${name}: ${operations.length} write operations, ${sent} bad requests, ${tally.accepted} injections kept as text`);
    expect(failures).toEqual([]);
  }, 600_000);
});
