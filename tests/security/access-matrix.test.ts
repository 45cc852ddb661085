import { createServer, request as httpRequest, type Server } from 'node:http';
import { API_SCOPES, ROLES, SERVICE_NAMES, serviceUrlVariable, type ApiScope, type Role } from '@backoffice/contracts';
import { clientToken, signToken, type TestService } from '@backoffice/platform/testing';
import { BAD_TOKENS, badToken, type BadToken } from './security-kit';
import { findRoute, ROUTE_TABLE, type RouteRule } from '../../services/gateway/src/routing/route-table';
import { ACCESS_ORACLE, oracleRule, type OracleRule } from './access-oracle';
import { startGateway } from '../../services/gateway/test/gateway-test-kit';

/*
 * The access matrix: every route of the gateway's table (generated from the services' controllers) × every role,
 * every API-client scope, no token and each kind of bad token (expired, tampered signature or payload,
 * alg none, HS256 keyed with the public key, another key, wrong audience or issuer, a refresh
 * token), through the real gateway in front of stand-in services that say who they are and count
 * what reaches them, each answer compared with the hand-written oracle (access-oracle.ts, from docs/architecture.md),
 * not with the table itself. Bad tokens carry the Admin role: the most a forger would claim.
 * Then paths that try to leave the prefix a role may use (dot segments, encoded slashes).
 */

/** An API client's column: a client-credentials token holding this one scope. */
type ScopeSubject = `scope ${ApiScope}`;
type Subject = Role | 'no token' | BadToken | ScopeSubject;
const SCOPE_SUBJECTS = API_SCOPES.map((scope) => `scope ${scope}` as ScopeSubject);
const SUBJECTS: readonly Subject[] = ['no token', ...ROLES, ...SCOPE_SUBJECTS, ...BAD_TOKENS];

const tokens = new Map<Subject, string>([
  ...ROLES.map((role) => [role, signToken({ roles: [role] })] as const),
  ...API_SCOPES.map((scope) => [`scope ${scope}` as ScopeSubject, clientToken(scope, 'Storefront')] as const),
  ...BAD_TOKENS.map((kind) => [kind, badToken(kind)] as const),
]);

/** What the gateway must answer by the oracle's rule, and 401 for any bad token. */
function expectedStatus(rule: OracleRule, subject: Subject): 200 | 401 | 403 {
  const access = rule.access;
  if (access === 'public') return 200;
  if (subject === 'no token' || (BAD_TOKENS as readonly string[]).includes(subject)) return 401;
  // An API client reaches only the rules that name its scope; never a staff-only route.
  if (subject.startsWith('scope ')) return rule.scopes?.includes(subject.slice('scope '.length) as ApiScope) ? 200 : 403;
  if (access === 'authenticated') return 200;
  return subject === 'Admin' || access.includes(subject as Role) ? 200 : 403;
}

interface Case {
  rule: RouteRule;
  method: string;
  path: string;
  /** What the documents say of that request. */
  oracle: OracleRule | undefined;
}

/** Every route of the table at a concrete path (`*` becomes an id). */
const CASES: Case[] = ROUTE_TABLE.map((rule) => {
  const path = rule.pattern.replace(/\*/g, '7');
  return { rule, method: rule.method, path, oracle: oracleRule(rule.method, path) };
});

const roleSet = (access: OracleRule['access']) => (typeof access === 'string' ? access : [...new Set(['Admin', ...access])].sort());

describe('the generated route table against the hand-written oracle', () => {
  it('gives every route the service, roles and scopes the documents give it', () => {
    const differ = CASES.filter(
      ({ rule, oracle }) =>
        !oracle ||
        oracle.service !== rule.service ||
        JSON.stringify(roleSet(oracle.access)) !== JSON.stringify(roleSet(rule.access)) ||
        JSON.stringify([...(oracle.scopes ?? [])].sort()) !== JSON.stringify([...rule.scopes].sort()),
    ).map(({ rule, oracle }) => ({
      route: `${rule.method} ${rule.pattern}`,
      table: { service: rule.service, access: roleSet(rule.access), scopes: rule.scopes },
      oracle: oracle && { service: oracle.service, access: roleSet(oracle.access), scopes: oracle.scopes ?? [] },
    }));
    expect(differ).toEqual([]);
  });

  it('has no oracle rule that no route of the table reaches (a prefix the documents name but no service has)', () => {
    const reached = new Set(CASES.map((c) => c.oracle));
    expect(ACCESS_ORACLE.filter((rule) => !reached.has(rule)).map((rule) => `${rule.methods?.join(',') ?? '*'} ${rule.pattern}`)).toEqual(
      [],
    );
  });
});

const received: { service: string; method: string; url: string }[] = [];
let upstreams: Server[] = [];
let gateway: TestService;

beforeAll(async () => {
  const env: Record<string, string> = {};
  for (const service of SERVICE_NAMES) {
    const server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        received.push({ service, method: request.method!, url: request.url! });
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ service, url: request.url }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    upstreams.push(server);
    env[serviceUrlVariable(service)] = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  }
  gateway = await startGateway(env);
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await Promise.all(upstreams.map((server) => new Promise((resolve) => server.close(resolve))));
  upstreams = [];
});

async function call(method: string, path: string, subject: Subject): Promise<{ status: number; service?: string; type: string }> {
  const token = tokens.get(subject);
  const response = await fetch(`${gateway.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
    },
    body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
  });
  const body = (await response.json().catch(() => ({}))) as { service?: string };
  return { status: response.status, service: body.service, type: response.headers.get('content-type') ?? '' };
}

describe('every route × every role × every kind of token', () => {
  it('covers every route of the table, each found at its own path', () => {
    expect(CASES.filter((c) => findRoute(c.method, c.path) === c.rule).length).toBe(ROUTE_TABLE.length);
    expect(ROUTE_TABLE.length).toBeGreaterThan(150);
  });

  it.each(CASES.map((c) => [`${c.method} ${c.path}`, c] as const))('%s', async (_name, c) => {
    const got: Record<string, number> = {};
    const want: Record<string, number> = {};
    for (const subject of SUBJECTS) {
      const before = received.length;
      const answer = await call(c.method, c.path, subject);
      got[subject] = answer.status;
      want[subject] = c.oracle ? expectedStatus(c.oracle, subject) : 404;
      if (answer.status === 200) {
        expect(answer.service).toBe(c.oracle?.service);
        expect(received.length).toBe(before + 1);
      } else {
        // Refused at the gateway: nothing reached the service, and the refusal is a problem document.
        expect(received.length).toBe(before);
        expect(answer.type).toMatch(/application\/problem\+json/);
      }
    }
    expect(got).toEqual(want);
  });
});

/** A request with the path sent exactly as written (fetch would resolve dot segments first). */
function rawCall(path: string, token: string): Promise<number> {
  const url = new URL(gateway.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: url.hostname, port: url.port, method: 'GET', path, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** The path a server resolving dot segments and percent-escapes would see. */
function normalised(url: string): string {
  const path = url.split('?')[0];
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // left as is
  }
  return new URL(decoded.replace(/\\/g, '/'), 'http://host').pathname.toLowerCase();
}

describe('paths that try to leave the prefix a role may use', () => {
  const tricks = [
    '/api/leads/mine/../groups',
    '/api/leads/mine/%2e%2e/groups',
    '/api/leads/mine/%2E%2E/%2E%2E/identity/users',
    '/api/leads/mine/..%2fgroups',
    '/api/leads/mine/..%5cgroups',
    '/api/leads/mine/%2e%2e%2f%2e%2e%2fidentity%2fusers',
    '/api/leads/mine;/../groups',
    '/api/leads/mine/./../../identity/roles',
    '/api//leads/groups',
    '/api/leads/mine?x=/../../groups',
    '/API/leads/groups',
    '/api/client-services/../orders',
    '/api/client-services/%2e%2e/orders',
    '/api/ServiceTransaction/..%2f..%2fidentity%2fusers',
  ];

  it.each(tricks)('%s', async (path) => {
    const token = tokens.get(path.includes('/leads/') || path.includes('/API/') ? 'Salesagent' : 'ServiceProvider')!;
    const allowed =
      path.includes('/leads/') || path.includes('/API/') ? '/api/leads/mine' : ['/api/client-services', '/api/servicetransaction'];
    const before = received.length;
    const status = await rawCall(path, token);
    const forwarded = received.slice(before);
    // Either refused, or what reached a service resolves inside a prefix the role may use.
    for (const hit of forwarded) {
      const seen = normalised(hit.url);
      expect({ path, seen, inside: [allowed].flat().some((prefix) => seen.startsWith(prefix.toLowerCase())) }).toEqual({
        path,
        seen,
        inside: true,
      });
    }
    if (forwarded.length === 0) expect([400, 401, 403, 404]).toContain(status);
  });
});
