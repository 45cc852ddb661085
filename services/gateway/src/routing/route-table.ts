import {
  type ApiScope,
  BACK_OFFICE_ROLES,
  CATALOGUE_IMAGE_MAX_BYTES,
  CLIENT_SERVICE_FILE_MAX_BYTES,
  type Role,
  type ServiceName,
} from '@backoffice/contracts';

/** Who may call a route: nobody signed in, any signed-in staff user, or one of the roles (Admin always may). */
export type Access = 'public' | 'authenticated' | readonly Role[];

export interface RouteRule {
  /** Path pattern under /api; `*` matches one segment; the rule covers everything below it. */
  pattern: string;
  service: ServiceName;
  access: Access;
  /** Limit the rule to these methods; other methods fall through to the next rule. */
  methods?: readonly string[];
  /** The rule covers this exact path only, not what is below it. */
  exact?: boolean;
  /**
   * API clients (client-credentials tokens) holding one of these scopes may call the rule too. A rule without
   * scopes is for staff only: a client token gets 403 there, whatever `access` says.
   */
  scopes?: readonly ApiScope[];
  /**
   * Largest request body in bytes, refused with 413 by the gateway itself (JSON_BODY_LIMIT when absent); a function
   * when it follows a limit the deployment configures.
   */
  bodyLimit?: number | ((limits: ConfiguredLimits) => number);
}

/** Every JSON body: the services refuse more too. */
export const JSON_BODY_LIMIT = 1024 * 1024;
/** Room for a multipart envelope around an upload's file (boundaries, part headers, small fields). */
const MULTIPART_ENVELOPE = 64 * 1024;
/** Limits the deployment sets, which the gateway's own refusals follow. */
export interface ConfiguredLimits {
  /** crm's largest lead spreadsheet (CRM_UPLOAD_MAX_BYTES, the same variable crm reads). */
  leadUploadBytes: number;
}

/** Lead spreadsheets: crm's configured limit, whose own answer names it, plus the multipart envelope. */
export const leadUploadBodyLimit = ({ leadUploadBytes }: ConfiguredLimits) => leadUploadBytes + MULTIPART_ENVELOPE;

/** Admin and Manager: the back-office roles, defined once in libs/contracts. */
const STAFF = BACK_OFFICE_ROLES;

/** A staff path whose GETs API clients holding `scope` may call too: that GET rule first, then the staff rule. */
const staffWithClientReads = (pattern: string, service: ServiceName, scope: ApiScope): RouteRule[] => [
  { pattern, service, access: STAFF, methods: ['GET'], scopes: [scope] },
  { pattern, service, access: STAFF },
];

/**
 * The gateway's one routing table: which service owns a path and who may call it.
 * First match wins, so specific rules come before general ones. Services check roles again.
 */
export const ROUTE_TABLE: readonly RouteRule[] = [
  // identity
  { pattern: '/api/auth/login', service: 'identity', access: 'public' },
  { pattern: '/api/auth/refresh', service: 'identity', access: 'public' },
  { pattern: '/api/auth/logout', service: 'identity', access: 'public' },
  // client credentials (RFC 6749 §4.4): the API client authenticates itself in the request
  { pattern: '/api/auth/token', service: 'identity', access: 'public', methods: ['POST'], exact: true },
  { pattern: '/api/auth', service: 'identity', access: 'authenticated' },
  { pattern: '/api/identity/users', service: 'identity', access: STAFF, methods: ['GET'] },
  { pattern: '/api/identity', service: 'identity', access: ['Admin'] },
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
    bodyLimit: CATALOGUE_IMAGE_MAX_BYTES + MULTIPART_ENVELOPE,
  },
  { pattern: '/api/catalogue', service: 'catalogue', access: STAFF },
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
  { pattern: '/api/leads/uploads', service: 'crm', access: STAFF, methods: ['POST'], exact: true, bodyLimit: leadUploadBodyLimit },
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
  { pattern: '/api/orders', service: 'orders', access: STAFF, methods: ['POST'], exact: true, scopes: ['orders:write'] },
  { pattern: '/api/orders', service: 'orders', access: STAFF },
  {
    pattern: '/api/client-services/*/files',
    service: 'orders',
    access: [...STAFF, 'ServiceProvider'],
    methods: ['POST'],
    exact: true,
    bodyLimit: CLIENT_SERVICE_FILE_MAX_BYTES,
  },
  { pattern: '/api/client-services', service: 'orders', access: [...STAFF, 'ServiceProvider'] },
  { pattern: '/api/ServiceTransaction', service: 'orders', access: [...STAFF, 'ServiceProvider'] },
  // the specification's assignment GETs and their POST twins on the same paths: one rule for both
  { pattern: '/api/ServiceSubmissions', service: 'orders', access: STAFF },
  // webhooks (a feature of orders): Admin, or an API client allowed to manage them
  { pattern: '/api/webhooks', service: 'orders', access: ['Admin'], scopes: ['webhooks:manage'] },
  // geography
  ...['/api/countries', '/api/states', '/api/cities', '/api/boroughs', '/api/areas', '/api/geography'].flatMap((pattern) =>
    staffWithClientReads(pattern, 'geography', 'geography:read'),
  ),
  // scheduling
  { pattern: '/api/branches/countries/*/flag.svg', service: 'scheduling', access: 'public', methods: ['GET'] },
  { pattern: '/api/branches', service: 'scheduling', access: STAFF },
];

/** Each rule's pattern split into lower-case segments once (the table is read on every proxied request). */
const COMPILED = ROUTE_TABLE.map((rule) => ({ rule, segments: rule.pattern.toLowerCase().split('/') }));

function matches(want: readonly string[], have: readonly string[], exact = false): boolean {
  if (exact ? have.length !== want.length : have.length < want.length) return false;
  return want.every((segment, i) => (segment === '*' ? have[i] !== '' : segment === have[i]));
}

/** The rule for a request, or undefined when no service owns the path. */
export function findRoute(method: string, url: string): RouteRule | undefined {
  const have = url.split('?')[0].replace(/\/+$/, '').toLowerCase().split('/');
  return COMPILED.find(({ rule, segments }) => (!rule.methods || rule.methods.includes(method)) && matches(segments, have, rule.exact))
    ?.rule;
}
