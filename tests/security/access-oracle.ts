import { BACK_OFFICE_ROLES, type ApiScope, type Role, type ServiceName } from '@backoffice/contracts';

/*
 * The independent oracle of who may call what through the gateway, written by hand from docs/architecture.md (Roles
 * and scopes) and the specification: /api prefixes with their service, roles and scopes. The gateway's own table is
 * generated from the services' controllers (services/gateway/src/routing/route-table.generated.ts); the access matrix
 * checks every generated route, through the real gateway, against this. Change it only when the documents change.
 */

/** Who may call: nobody signed in, any signed-in staff user, or one of the roles (Admin always may). */
export type OracleAccess = 'public' | 'authenticated' | readonly Role[];

export interface OracleRule {
  /** Path prefix under /api; `*` matches one segment; the rule covers everything below it. */
  pattern: string;
  service: ServiceName;
  access: OracleAccess;
  /** Limit the rule to these methods; other methods fall through to the next rule. */
  methods?: readonly string[];
  /** The rule covers this exact path only, not what is below it. */
  exact?: boolean;
  /** API clients holding one of these scopes may call too; without: staff only. */
  scopes?: readonly ApiScope[];
}

/** Admin and Manager: the back-office roles. */
const STAFF = BACK_OFFICE_ROLES;

/** A staff path whose GETs API clients holding `scope` may call too: that GET rule first, then the staff rule. */
const staffWithClientReads = (pattern: string, service: ServiceName, scope: ApiScope): OracleRule[] => [
  { pattern, service, access: STAFF, methods: ['GET'], scopes: [scope] },
  { pattern, service, access: STAFF },
];

/** First match wins, so specific rules come before general ones. */
export const ACCESS_ORACLE: readonly OracleRule[] = [
  // identity
  { pattern: '/api/auth/login', service: 'identity', access: 'public' },
  { pattern: '/api/auth/refresh', service: 'identity', access: 'public' },
  { pattern: '/api/auth/logout', service: 'identity', access: 'public' },
  // client credentials (RFC 6749 §4.4): the API client authenticates itself in the request
  { pattern: '/api/auth/token', service: 'identity', access: 'public', methods: ['POST'], exact: true },
  { pattern: '/api/auth', service: 'identity', access: 'authenticated' },
  { pattern: '/api/identity/users', service: 'identity', access: STAFF, methods: ['GET'] },
  { pattern: '/api/identity', service: 'identity', access: ['Admin'] },
  // a storefront registers its customers and finds them again (clients:write); the rest of client accounts is staff's
  { pattern: '/api/clients', service: 'identity', access: STAFF, methods: ['GET'], exact: true, scopes: ['clients:write'] },
  { pattern: '/api/clients/byId', service: 'identity', access: STAFF, methods: ['GET'], exact: true, scopes: ['clients:write'] },
  { pattern: '/api/clients/insert', service: 'identity', access: STAFF, methods: ['POST'], exact: true, scopes: ['clients:write'] },
  // the specification's GET /api/clients/delete and its POST twin: one rule, so the same roles and (no) scopes
  { pattern: '/api/clients', service: 'identity', access: STAFF },
  // the audit log (kept by identity): a record's own history for those who see the record, everything for the Admin
  { pattern: '/api/audit/history', service: 'identity', access: STAFF, methods: ['GET'], exact: true },
  { pattern: '/api/audit', service: 'identity', access: ['Admin'], methods: ['GET'] },
  // catalogue
  { pattern: '/api/catalogue/files', service: 'catalogue', access: 'public', methods: ['GET'] },
  {
    pattern: '/api/catalogue/files',
    service: 'catalogue',
    access: STAFF,
    methods: ['POST'],
    exact: true,
  },
  ...staffWithClientReads('/api/categories', 'catalogue', 'catalogue:read'),
  ...staffWithClientReads('/api/services', 'catalogue', 'catalogue:read'),
  // GET /api/service-files/delete (the specification's) and its POST twin: one rule for both
  { pattern: '/api/service-files', service: 'catalogue', access: STAFF },
  { pattern: '/api/site-reviews', service: 'catalogue', access: STAFF },
  { pattern: '/api/web-pages', service: 'catalogue', access: STAFF },
  // crm
  { pattern: '/api/leads/mine', service: 'crm', access: ['Salesagent'] },
  // a lead's stage, follow-up and notes: its agent (crm checks the lead is theirs), Managers and Admins
  { pattern: '/api/leads/pipeline', service: 'crm', access: [...STAFF, 'Salesagent'], methods: ['GET', 'PATCH', 'POST'] },
  { pattern: '/api/leads/team', service: 'crm', access: STAFF },
  { pattern: '/api/leads/uploads', service: 'crm', access: STAFF, methods: ['POST'], exact: true },
  { pattern: '/api/leads', service: 'crm', access: STAFF },
  { pattern: '/api/reports', service: 'crm', access: STAFF },
  // the dashboard's figures, counted by the services that own them (each narrows to the caller's own records)
  { pattern: '/api/dashboard/crm', service: 'crm', access: [...STAFF, 'Salesagent'], methods: ['GET'] },
  { pattern: '/api/dashboard/orders', service: 'orders', access: [...STAFF, 'ServiceProvider'], methods: ['GET'] },
  // payments (before orders: /api/orders/{id}/payments belongs to payments)
  { pattern: '/api/orders/*/payments', service: 'payments', access: STAFF },
  { pattern: '/api/payments', service: 'payments', access: STAFF, methods: ['POST'], exact: true, scopes: ['payments:write'] },
  { pattern: '/api/payments', service: 'payments', access: STAFF },
  // orders
  // rebuilding a read model is the Admin's (orders' @Roles('Admin'); the hand-written table let Managers through to a 403)
  { pattern: '/api/orders/read-models', service: 'orders', access: ['Admin'], methods: ['POST'] },
  { pattern: '/api/orders', service: 'orders', access: STAFF, methods: ['POST'], exact: true, scopes: ['orders:write'] },
  { pattern: '/api/orders', service: 'orders', access: STAFF },
  {
    pattern: '/api/client-services/*/files',
    service: 'orders',
    access: [...STAFF, 'ServiceProvider'],
    methods: ['POST'],
    exact: true,
  },
  // submitting an order item to client services is the staff's; providers work on the client services it makes
  { pattern: '/api/client-services/submit', service: 'orders', access: STAFF, methods: ['POST'], exact: true },
  { pattern: '/api/client-services', service: 'orders', access: [...STAFF, 'ServiceProvider'] },
  { pattern: '/api/ServiceTransaction', service: 'orders', access: [...STAFF, 'ServiceProvider'] },
  // the specification's assignment GETs and their POST twins on the same paths: one rule for both
  { pattern: '/api/ServiceSubmissions', service: 'orders', access: STAFF },
  // webhooks (a feature of orders): Admin, or an API client allowed to manage them
  { pattern: '/api/webhooks', service: 'orders', access: ['Admin'], scopes: ['webhooks:manage'] },
  // geography
  // the tax and shipping lookup and the whole tree: reads only
  { pattern: '/api/geography', service: 'geography', access: STAFF, methods: ['GET'], scopes: ['geography:read'] },
  ...['/api/countries', '/api/states', '/api/cities', '/api/boroughs', '/api/areas'].flatMap((pattern) =>
    staffWithClientReads(pattern, 'geography', 'geography:read'),
  ),
  // scheduling
  { pattern: '/api/branches/countries/*/flag.svg', service: 'scheduling', access: 'public', methods: ['GET'] },
  { pattern: '/api/branches', service: 'scheduling', access: STAFF },
];

const COMPILED = ACCESS_ORACLE.map((rule) => ({ rule, segments: rule.pattern.toLowerCase().split('/') }));

function matches(want: readonly string[], have: readonly string[], exact = false): boolean {
  if (exact ? have.length !== want.length : have.length < want.length) return false;
  return want.every((segment, i) => (segment === '*' ? have[i] !== '' : segment === have[i]));
}

/** The oracle's rule for a request, or undefined when the documents give no service that path. */
export function oracleRule(method: string, url: string): OracleRule | undefined {
  const have = url.split('?')[0]!.replace(/\/+$/, '').toLowerCase().split('/');
  return COMPILED.find(({ rule, segments }) => (!rule.methods || rule.methods.includes(method)) && matches(segments, have, rule.exact))
    ?.rule;
}
