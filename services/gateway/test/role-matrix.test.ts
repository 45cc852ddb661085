import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import {
  API_SCOPES,
  CATALOGUE_PATHS,
  IDENTITY_PATHS,
  ORDERS_PATHS,
  ROLES,
  SERVICE_NAMES,
  serviceUrlVariable,
  type Role,
} from '@backoffice/contracts';
import { endSessions, signToken, type TestService } from '@backoffice/platform/testing';
import { findRoute, methodsAt, ROUTE_TABLE, type Access, type RouteRule } from '../src/routing/route-table';
import { startGateway } from './gateway-test-kit';

/*
 * The role matrix: for every route of the gateway's table (generated from the services' controllers, so a new route
 * is covered the day it is added), each role and no token, the status the gateway answers
 * (200 when it lets the call through to the owning service, 401, 403), through the real proxy.
 * A second part checks the table against docs/architecture.md (Roles and scopes) itself, so a rule that drifts from it fails.
 */

type Subject = Role | 'no token';
const SUBJECTS: readonly Subject[] = ['no token', ...ROLES];

/** One stand-in upstream per service that says who it is, so routing is checked too. */
async function fakeServices(): Promise<{ servers: Server[]; env: Record<string, string> }> {
  const servers: Server[] = [];
  const env: Record<string, string> = {};
  for (const service of SERVICE_NAMES) {
    const server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ service, method: request.method, url: request.url }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    env[serviceUrlVariable(service)] = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  }
  return { servers, env };
}

/** The rule's own semantics (route-rule.ts): public, any signed-in user, or one of the roles, Admin always. */
function expectedStatus(access: Access, subject: Subject): 200 | 401 | 403 {
  if (access === 'public') return 200;
  if (subject === 'no token') return 401;
  if (access === 'authenticated') return 200;
  return subject === 'Admin' || access.includes(subject) ? 200 : 403;
}

/** A concrete path of a pattern: `*` becomes a sample segment. */
const samplePath = (pattern: string) => pattern.replace(/\*/g, '1');

interface Case {
  rule: RouteRule;
  method: string;
  path: string;
}

/** Every route of the table at a concrete path. */
const CASES: Case[] = ROUTE_TABLE.map((rule) => ({ rule, method: rule.method, path: samplePath(rule.pattern) }));

const tokens = Object.fromEntries(ROLES.map((role) => [role, signToken({ roles: [role] })])) as Record<Role, string>;

let gateway: TestService;
let upstreams: Server[] = [];

beforeAll(async () => {
  const fakes = await fakeServices();
  upstreams = fakes.servers;
  gateway = await startGateway(fakes.env);
});

afterAll(async () => {
  await gateway?.close();
  for (const server of upstreams) server.close();
});

async function call(method: string, path: string, subject: Subject): Promise<{ status: number; service?: string }> {
  const response = await gateway.request(path, {
    method,
    token: subject === 'no token' ? null : tokens[subject],
    ...(method === 'GET' || method === 'HEAD' ? {} : { json: {} }),
  });
  const body = (await response.json().catch(() => ({}))) as { service?: string };
  return { status: response.status, service: body.service };
}

describe('the gateway route table', () => {
  it('lets every API-client scope open some route (no scope grants nothing)', () => {
    const unused = API_SCOPES.filter((scope) => !ROUTE_TABLE.some((rule) => rule.scopes?.includes(scope)));
    expect(unused).toEqual([]);
  });

  it('has no rule hidden behind an earlier one', () => {
    const shadowed = CASES.filter(({ rule, method, path }) => findRoute(method, path) !== rule).map(
      ({ rule, method }) => `${method} ${rule.pattern}`,
    );
    expect(shadowed).toEqual([]);
  });

  it.each(CASES.map((c) => [`${c.method} ${c.rule.pattern}`, c] as const))(
    '%s: the status for each role and for no token',
    async (_name, c) => {
      const matrix: Record<string, number> = {};
      const expected: Record<string, number> = {};
      for (const subject of SUBJECTS) {
        const answer = await call(c.method, c.path, subject);
        matrix[subject] = answer.status;
        expected[subject] = expectedStatus(c.rule.access, subject);
        if (answer.status === 200) expect(answer.service).toBe(c.rule.service);
      }
      expect(matrix).toEqual(expected);
    },
  );

  it('answers a method no route of the path has with 405 and Allow (OPTIONS: 204), before any token, forwarding nothing', async () => {
    for (const path of ['/api/orders', '/api/orders/7/payments', '/api/leads/mine']) {
      const methods = methodsAt(path);
      const method = methods.includes('DELETE') ? 'PUT' : 'DELETE';
      for (const subject of SUBJECTS) {
        const response = await gateway.request(path, { method, token: subject === 'no token' ? null : tokens[subject] });
        expect({ path, subject, status: response.status, allow: response.headers.get('allow') }).toEqual({
          path,
          subject,
          status: 405,
          allow: [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', '),
        });
        expect(await response.json()).toMatchObject({ code: 'method_not_allowed' });
      }
      const options = await gateway.request(path, { method: 'OPTIONS', token: null });
      expect(options.status).toBe(204);
      expect(options.headers.get('allow')).toContain(methods[0]);
    }
    expect((await gateway.request('/api/orders/7/no-such-thing', { method: 'DELETE', token: null })).status).toBe(404);
  });

  it("forwards the POST twin of each of the specification's state-changing GETs like the GET: same service, roles and scopes", async () => {
    const id = '3f0c6d4e-1d2b-4c5a-9e8f-7a6b5c4d3e2f';
    const twins = [
      ORDERS_PATHS.assignBranch(id, 3),
      ORDERS_PATHS.assignProvider(id, id),
      ORDERS_PATHS.clearBranch(id),
      ORDERS_PATHS.clearProvider(id),
      CATALOGUE_PATHS.serviceFileDelete,
      IDENTITY_PATHS.clientDelete,
    ];
    for (const path of twins) {
      const [get, post] = [findRoute('GET', path), findRoute('POST', path)];
      expect(post).toBeDefined();
      expect({ path, service: post!.service, access: post!.access, scopes: post!.scopes }).toEqual({
        path,
        service: get!.service,
        access: get!.access,
        scopes: get!.scopes,
      });
      for (const subject of SUBJECTS) {
        const [viaGet, viaPost] = [await call('GET', path, subject), await call('POST', path, subject)];
        expect({ path, subject, post: viaPost }).toEqual({ path, subject, post: viaGet });
        expect({ path, subject, status: viaPost.status }).toEqual({ path, subject, status: expectedStatus(post!.access, subject) });
      }
    }
  });

  it('refuses a token at once when its session is ended', async () => {
    const sid = randomUUID();
    const token = signToken({ sid, roles: ['Manager'] });
    expect((await gateway.request('/api/clients', { token })).status).toBe(200);
    await endSessions([sid]);
    const refused = await gateway.request('/api/clients', { token });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ detail: 'This session has been ended; sign in again.' });
  });
});

/**
 * docs/architecture.md (Roles and scopes), independently of how the table is written: which /api prefixes each role reaches.
 * When a screen of one of these roles needs another prefix, extend the list here with the rule.
 */
describe('the table against the role matrix of docs/architecture.md', () => {
  const reachable = (subject: Subject) =>
    [...new Set(CASES.filter((c) => expectedStatus(c.rule.access, subject) === 200).map((c) => `${c.method} ${c.rule.pattern}`))].sort();

  // The client-credentials token endpoint is how other systems sign in.
  const isSignIn = (pattern: string) =>
    ['/api/auth/login', '/api/auth/login/two-factor-setup', '/api/auth/refresh', '/api/auth/logout', '/api/auth/token'].includes(pattern);

  it('opens nothing without a token but signing in and reading public files', () => {
    const open = CASES.filter((c) => c.rule.access === 'public' && !isSignIn(c.rule.pattern));
    expect(open.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.rule.pattern}`)).toEqual([]);
  });

  it('Admin: everything', async () => {
    // Through the real proxy, not through expectedStatus (which lets the Admin through by its own rule): every method of
    // every rule reaches its service with an Admin's token.
    const refused = [];
    for (const c of CASES) {
      const answer = await call(c.method, c.path, 'Admin');
      if (answer.status !== 200 || answer.service !== c.rule.service) refused.push({ route: `${c.method} ${c.rule.pattern}`, ...answer });
    }
    expect(refused).toEqual([]);
  });

  it('Manager: every back-office area except users and roles, webhooks, the whole audit log and read-model rebuilds (and the sales agent’s own leads)', () => {
    const refused = CASES.filter((c) => expectedStatus(c.rule.access, 'Manager') === 403).map((c) => `${c.method} ${c.rule.pattern}`);
    // Webhooks hand the product's events to other systems: like API clients, an Admin's decision.
    // The audit log is the Admin's; a Manager reads the history of the records they see (/api/audit/history).
    expect(refused.sort()).toEqual(
      [
        'GET /api/audit',
        'GET /api/identity/api-clients',
        'POST /api/identity/api-clients',
        'GET /api/identity/api-clients/*',
        'POST /api/identity/api-clients/*/revoke',
        'POST /api/identity/api-clients/*/rotate',
        'GET /api/identity/roles',
        'GET /api/identity/roles/*',
        'GET /api/identity/settings',
        'PUT /api/identity/settings',
        'POST /api/identity/users',
        'PUT /api/identity/users/*',
        'POST /api/identity/users/*/activate',
        'POST /api/identity/users/*/deactivate',
        'POST /api/identity/users/*/end-sessions',
        'PUT /api/identity/users/*/roles',
        'DELETE /api/identity/users/*/two-factor',
        'GET /api/leads/mine',
        'GET /api/leads/mine/activity',
        'GET /api/leads/mine/summary',
        'PATCH /api/leads/mine/*',
        'POST /api/orders/read-models/catalogue/rebuild',
        'POST /api/webhooks/deliveries/*/resend',
        'GET /api/webhooks/event-types',
        'GET /api/webhooks/subscriptions',
        'POST /api/webhooks/subscriptions',
        'GET /api/webhooks/subscriptions/*',
        'PUT /api/webhooks/subscriptions/*',
        'DELETE /api/webhooks/subscriptions/*',
        'GET /api/webhooks/subscriptions/*/deliveries',
        'POST /api/webhooks/subscriptions/*/replay',
        'POST /api/webhooks/subscriptions/*/test',
      ].sort(),
    );
    expect(expectedStatus(findRoute('GET', '/api/audit/history?area=orders')!.access, 'Manager')).toBe(200);
    // Managers read staff users: they pick sales agents and service providers on other screens.
    expect(expectedStatus(findRoute('GET', '/api/identity/users')!.access, 'Manager')).toBe(200);
  });

  it('Salesagent: only their own leads (with their stage, follow-up and notes) and their dashboard figures (and their own session)', () => {
    const prefixes = reachable('Salesagent').filter((entry) => !entry.includes('/api/auth') && !isPublic(entry));
    expect(prefixes).toEqual(
      [
        'GET /api/dashboard/crm',
        'GET /api/leads/mine',
        'GET /api/leads/mine/activity',
        'GET /api/leads/mine/summary',
        'PATCH /api/leads/mine/*',
        'PATCH /api/leads/pipeline/*',
        'GET /api/leads/pipeline/*/notes',
        'POST /api/leads/pipeline/*/notes',
      ].sort(),
    );
  });

  it('ServiceProvider: only client services, their transactions and their dashboard figures (and their own session)', () => {
    const prefixes = reachable('ServiceProvider').filter((entry) => !entry.includes('/api/auth') && !isPublic(entry));
    expect(prefixes).toEqual(
      [
        'GET /api/client-services',
        'GET /api/client-services/counts',
        'GET /api/client-services/*',
        'POST /api/client-services/*/files',
        'GET /api/client-services/*/files/*',
        'GET /api/dashboard/orders',
        'POST /api/ServiceTransaction',
        'GET /api/ServiceTransaction/*',
      ].sort(),
    );
  });

  function isPublic(entry: string): boolean {
    const [method, pattern] = entry.split(' ');
    return CASES.some((c) => c.method === method && c.rule.pattern === pattern && c.rule.access === 'public');
  }
});
