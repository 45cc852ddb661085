import { randomUUID } from 'node:crypto';
import { AUDIT_TOPIC, GEOGRAPHY_TOPIC, type AuditEventData } from '@backoffice/contracts';
import { signToken } from '@backoffice/platform/testing';
import { parameterSample, resolve, sample, type JsonSchema, type OpenApiDocument, type OpenApiParameter } from './bad-input-cases';
import {
  neighbourStub,
  randomIp,
  SERVICE_UNDER_TEST,
  ServiceDatabase,
  startService,
  type ServiceUnderTest,
  type StartedService,
  type StubUser,
} from './security-kit';
import { findRoute } from '../../services/gateway/src/routing/route-table';

/*
 * The audit log, for every write route of every service (generated from each service's OpenAPI document,
 * every operation checked to be one the gateway's route table routes to that service): a valid request is
 * sent by an actor of its own, with a request id of its own. When it succeeds and changed the service's
 * data, the outbox holds that request's audit event(s), every one naming the actor (identity keeps them as
 * one record per request); when it changed nothing (a no-op) or was refused (4xx), none. Ids that a path names come from records the run created earlier (a POST
 * to the collection), so updates and deletes reach real records. (That a change and its audit row commit or
 * roll back together is tested in services/scheduling/test/branches.test.ts.)
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface WriteOperation {
  method: Method;
  path: string;
  parameters: OpenApiParameter[];
  body?: JsonSchema;
  json: boolean;
}

function writeOperations(doc: OpenApiDocument, commands: readonly string[] = []): WriteOperation[] {
  const operations: WriteOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const method of ['post', 'put', 'patch', 'delete', 'get'] as const) {
      const operation = item[method];
      if (!operation || (method === 'get' && !commands.includes(path))) continue;
      const content = operation.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      operations.push({
        method: method.toUpperCase() as Method,
        path,
        parameters: (operation.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query'),
        body: json ? resolve(doc, json) : undefined,
        json: Object.keys(content).every((type) => type === 'application/json'),
      });
    }
  }
  // Creations first (they make the records the others name), deletions last.
  const rank = (op: WriteOperation) => (op.method === 'DELETE' ? 2 : op.method === 'POST' && !op.path.includes('{') ? 0 : 1);
  return operations.sort((a, b) => rank(a) - rank(b));
}

/** Failed sign-ins (a wrong password, also on the way to setting up two-factor sign-in) are recorded although refused. */
const recordsFailure = (op: WriteOperation) =>
  op.method === 'POST' && ['/api/auth/login', '/api/auth/login/two-factor-setup'].includes(op.path);

/**
 * A fingerprint of every row of the service's own data (the outbox and inbox aside): a request that
 * succeeds without changing it (a role list set to what it was, a sign-out without a session) is no action.
 */
async function dataFingerprint(db: ServiceDatabase): Promise<string> {
  const tables = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'mikro_orm_%'
        and table_name not in ('outbox', 'inbox') order by 1`,
  );
  if (!tables.length) return '';
  const parts = tables.map(({ name }) => `(select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) from "${name}" t)`);
  const [row] = await db.query<{ print: string }>(`select md5(concat_ws('|', ${parts.join(', ')})) as print`);
  return row.print;
}

interface AuditRow {
  request_id: string | null;
  payload: { data: AuditEventData };
}

async function auditRows(db: ServiceDatabase, requestId: string): Promise<AuditRow[]> {
  return db.query<AuditRow & Record<string, unknown>>(`select request_id, payload from outbox where topic like $1 and request_id = $2`, [
    `%${AUDIT_TOPIC}`,
    requestId,
  ]);
}

/** What a run has made so far: ids by the collection path that made them, and the last answer of each route. */
interface RunState {
  ids: Map<string, string>;
  answers: Map<string, Record<string, unknown>>;
}

/**
 * What generic samples cannot know: the records a route needs first and bodies naming real records. Routes
 * still refused after this (uploads of files, webhooks to a real host, settlement) are reported as refused.
 */
interface Fixture {
  /** The neighbour's staff list (crm asks identity who the sales agents are). */
  users?: StubUser[];
  /** The actor of every request (a route about "my" records needs the one they belong to); else one per request. */
  actor?: string;
  /** Once the service is up. */
  setup?(service: StartedService): Promise<void>;
  /** Before each request: rows the routes need. */
  prepare?(db: ServiceDatabase, state: RunState): Promise<void>;
  bodies?: Record<string, (state: RunState) => unknown>;
  /** GET routes that change data (the product's legacy command paths), exercised with the writes. */
  commands?: string[];
}

const AGENT: StubUser = { id: randomUUID(), name: 'Ann Agent', email: 'ann@audit.test', roles: ['Salesagent'], active: true };
const GROUP = 7;

const FIXTURES: Partial<Record<ServiceUnderTest, Fixture>> = {
  identity: {
    // Requiring two-factor sign-in needs an Admin who has it: the setting is saved the other way.
    bodies: { 'PUT /api/identity/settings': () => ({ twoFactorRequiredForStaff: false }) },
  },
  crm: {
    users: [AGENT],
    actor: AGENT.id,
    async prepare(db, state) {
      if (state.ids.has('/api/leads/pipeline')) return;
      await db.query(`insert into lead_groups (id, name, status, lead_count) values ($1, 'Audit', 'ready', 4)`, [GROUP]);
      await db.query(`create table leads_p${GROUP} partition of leads for values in (${GROUP})`);
      const leads = await db.query<{ id: number }>(
        `insert into leads (group_id, seq, row_number, first_name, last_name, email, phone, phone_key, notes)
         select $1::int, n, n + 1, 'Lead' || n, 'Audit', 'lead' || n || '@audit.test', '+1 555 070 ' || (1000 + n), '1555070' || (1000 + n), ''
         from generate_series(1, 4) n returning id`,
        [GROUP],
      );
      await db.query('insert into sales_agents (user_id, name, email) values ($1, $2, $3)', [AGENT.id, AGENT.name, AGENT.email]);
      await db.query(`insert into lead_assignments (lead_id, group_id, user_id, assigned_at) values ($1, $2, $3, now())`, [
        leads[0].id,
        GROUP,
        AGENT.id,
      ]);
      // Lead 4 is another agent's: the team view moves it.
      const other = randomUUID();
      await db.query('insert into sales_agents (user_id, name, email) values ($1, $2, $3)', [other, 'Bob Agent', 'bob@audit.test']);
      await db.query(`insert into lead_assignments (lead_id, group_id, user_id, assigned_at) values ($1, $2, $3, now())`, [
        leads[3].id,
        GROUP,
        other,
      ]);
      state.ids.set('lead 4', String(leads[3].id));
      state.ids.set('/api/leads/pipeline', String(leads[0].id));
      state.ids.set('/api/leads/mine', String(leads[0].id));
      state.ids.set('/api/leads/users', AGENT.id);
      state.ids.set('lead 2', String(leads[1].id));
      state.ids.set('lead 3', String(leads[2].id));
    },
    bodies: {
      'POST /api/leads/distribute': () => ({ userIds: [AGENT.id], count: 1 }),
      'POST /api/leads/team/reassign': (state) => ({ leadIds: [Number(state.ids.get('lead 4'))], toUserId: AGENT.id }),
      'PUT /api/leads/users/{userId}': (state) => ({ changes: [{ leadId: Number(state.ids.get('lead 3')), add: true }] }),
      'PATCH /api/leads/pipeline/{id}': () => ({ stage: 'Contacted' }),
      'POST /api/leads/pipeline/{id}/notes': () => ({ text: 'Called, will call back' }),
      'PATCH /api/leads/mine/{id}': () => ({ notes: 'Prefers mornings' }),
    },
  },
  orders: {
    async setup(service) {
      // The delivery worker sends in the background, changing its rows whenever it likes: stopped, so what changes is the route's doing.
      const { WebhookDeliveryWorker } = require('../../services/orders/src/webhooks/webhook-delivery.worker');
      await service.app.get(WebhookDeliveryWorker).onApplicationShutdown();
    },
    async prepare(db) {
      // Orders take items of the catalogue's services, known from its topic: service 1 (what a sample itemId names).
      await db.query(
        `insert into catalogue_services (id, name, delivery_type, price, active, physical, required_files, source_updated_at)
         values (1, 'Sample service', 'Online', 10, true, false, '[]'::jsonb, now()) on conflict (id) do nothing`,
      );
    },
    bodies: {
      'POST /api/client-services/submit': (state) => ({ orderId: state.ids.get('/api/orders'), itemId: 1 }),
      'POST /api/ServiceTransaction': (state) => ({
        clientServiceId: state.answers.get('/api/client-services/submit')?.clientServiceId,
        status: 'Verified',
      }),
      // A topic nothing here publishes on: no delivery is queued behind the test's back.
      'POST /api/webhooks/subscriptions': () => ({ url: 'https://hooks.example.com/in', eventTypes: [GEOGRAPHY_TOPIC] }),
    },
    commands: [
      '/api/ServiceSubmissions/assignClearBranch/{clientServiceId}',
      '/api/ServiceSubmissions/assignClearProvider/{clientServiceId}',
    ],
  },
};

describe.each(SERVICE_UNDER_TEST)('%s', (name) => {
  let service: StartedService;
  let db: ServiceDatabase;
  let stub: Awaited<ReturnType<typeof neighbourStub>>;
  let operations: WriteOperation[];

  beforeAll(async () => {
    stub = await neighbourStub(FIXTURES[name]?.users);
    service = await startService(name, stub.url);
    db = await ServiceDatabase.open(service);
    const doc = (await (await fetch(`${service.url}/openapi.json`)).json()) as OpenApiDocument;
    operations = writeOperations(doc, FIXTURES[name]?.commands);
    await FIXTURES[name]?.setup?.(service);
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await service?.close();
    await stub?.close();
  });

  it('every write route is one the gateway routes to this service', () => {
    expect(operations.length).toBeGreaterThan(0);
    const strays = operations.filter((op) => findRoute(op.method, op.path.replace(/\{\w+\}/g, '7'))?.service !== name);
    expect(strays.map((op) => `${op.method} ${op.path}`)).toEqual([]);
  });

  it('a write that succeeds leaves its audit record, naming its actor; a refused one leaves none', async () => {
    const fixture = FIXTURES[name] ?? {};
    const state: RunState = { ids: new Map(), answers: new Map() };
    const idFor = (path: string, parameter: OpenApiParameter): string => {
      const collection = path.slice(0, path.indexOf(`/{${parameter.name}}`));
      if (parameter.name === 'clientServiceId' && state.answers.get('/api/client-services/submit')?.clientServiceId)
        return String(state.answers.get('/api/client-services/submit')!.clientServiceId);
      return state.ids.get(collection) ?? parameterSample(parameter);
    };
    interface Attempt {
      status: number;
      answer?: Record<string, unknown>;
      rows: AuditRow[];
      changed: boolean;
    }
    /** One request with a request id of its own: its answer, the audit rows it left, whether the data changed. */
    const send = async (op: WriteOperation, url: string, actor: string, body: unknown): Promise<Attempt> => {
      const requestId = `audit-${randomUUID()}`;
      const headers: Record<string, string> = {
        authorization: `Bearer ${signToken({ sub: actor, roles: ['Admin'], name: 'Audit Tester' })}`,
        'x-request-id': requestId,
        'x-forwarded-for': randomIp(),
      };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const before = await dataFingerprint(db);
      const response = await fetch(`${service.url}${url}`, {
        method: op.method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
      return { status: response.status, answer, rows: await auditRows(db, requestId), changed: (await dataFingerprint(db)) !== before };
    };
    const failures: string[] = [];
    const tally = { succeeded: [] as string[], unchanged: [] as string[], refused: 0 };
    for (const op of operations) {
      let url = op.path;
      const query: string[] = [];
      for (const parameter of op.parameters) {
        if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(idFor(op.path, parameter)));
        else if (parameter.required) query.push(`${parameter.name}=${encodeURIComponent(parameterSample(parameter))}`);
      }
      if (query.length) url += `?${query.join('&')}`;
      await fixture.prepare?.(db, state);
      const actor = fixture.actor ?? randomUUID();
      const given = fixture.bodies?.[`${op.method} ${op.path}`];
      /** The optional fields the body needs besides the required ones, learnt from a 400 that names them (as bad-input does). */
      const extras: string[] = [];
      let attempt: Attempt;
      for (let round = 0; ; round++) {
        const body = op.body ? (given?.(state) ?? sample(op.body, 'value', extras)) : undefined;
        attempt = await send(op, url, actor, body);
        const learnt = (attempt.answer?.errors as { path: string }[] | undefined)
          ?.map((e) => e.path.split('.')[0])
          .filter((key) => op.body?.properties?.[key] && !(op.body.required ?? []).includes(key) && !extras.includes(key));
        if (attempt.status !== 400 || given || !learnt?.length || round === 3) break;
        if (attempt.rows.length) failures.push(`${op.method} ${op.path} (400): refused, yet ${attempt.rows.length} audit record(s)`);
        extras.push(...new Set(learnt));
      }
      const { response, answer, rows, changed } = { response: attempt, ...attempt };
      const label = `${op.method} ${op.path} (${response.status})`;
      if (response.status >= 500) failures.push(`${label}: a server error`);
      else if (response.status < 300 && !changed) {
        tally.unchanged.push(`${op.method} ${op.path}`);
        if (rows.length) failures.push(`${label}: changed nothing, yet ${rows.length} audit record(s)`);
      } else if (response.status < 300) {
        tally.succeeded.push(`${op.method} ${op.path}`);
        if (answer) state.answers.set(op.path, answer);
        if (op.method === 'POST' && !op.path.includes('{') && answer && (typeof answer.id === 'string' || typeof answer.id === 'number')) {
          state.ids.set(op.path, String(answer.id));
        }
        if (rows.length === 0) failures.push(`${label}: succeeded without an audit record`);
        const actors = new Set(rows.map((row) => row.payload.data.actor.id));
        if (rows.length && (actors.size !== 1 || !actors.has(actor))) failures.push(`${label}: audit record by ${[...actors].join(', ')}`);
      } else if (recordsFailure(op)) {
        tally.refused++;
        if (rows.length !== 1 || rows[0].payload.data.changes[0].action !== 'sign-in-failed')
          failures.push(`${label}: ${rows.length} audit records, not one failed sign-in`);
      } else {
        if (process.env.AUDIT_DEBUG) console.log(label, JSON.stringify(answer).slice(0, 300));
        tally.refused++;
        if (rows.length) failures.push(`${label}: refused, yet ${rows.length} audit record(s)`);
      }
    }
    console.log(
      `${name}: ${operations.length} write routes; ${tally.succeeded.length} succeeded and were audited (${tally.succeeded.join(', ')}); ${tally.unchanged.length} succeeded changing nothing, with no record (${tally.unchanged.join(', ')}); ${tally.refused} refused with no record`,
    );
    expect(failures).toEqual([]);
    expect(tally.succeeded.length).toBeGreaterThan(0);
  }, 180_000);
});
