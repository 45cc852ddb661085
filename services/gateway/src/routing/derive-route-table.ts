import { API_SCOPES, ROLES, type ApiScope, type Role, type ServiceName } from '@backoffice/contracts';
import type { ConfiguredBodyLimit } from '@backoffice/platform';
import type { Access, RouteMethod, RouteRule } from './route-rule';

/** What the generator reads of an operation of a service's OpenAPI document (libs/platform completeOpenApi). */
interface DeclaredOperation {
  security?: unknown[];
  'x-roles'?: string[];
  'x-api-client-scopes'?: string[];
  'x-body-limit'?: number | ConfiguredBodyLimit;
}

export interface ServiceDocument {
  service: ServiceName;
  doc: { paths?: Record<string, unknown> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

function accessOf(where: string, operation: DeclaredOperation): Access {
  if (Array.isArray(operation.security) && operation.security.length === 0) return 'public';
  const roles = operation['x-roles'];
  if (!roles?.length) throw new Error(`${where} declares neither @Public() nor x-roles`);
  if (roles.length === 1 && roles[0] === 'any') return 'authenticated';
  const unknown = roles.filter((role) => !(ROLES as readonly string[]).includes(role));
  if (unknown.length) throw new Error(`${where} names unknown roles ${unknown.join(', ')}`);
  return roles as Role[];
}

function scopesOf(where: string, operation: DeclaredOperation): ApiScope[] {
  const scopes = operation['x-api-client-scopes'] ?? [];
  const unknown = scopes.filter((scope) => !(API_SCOPES as readonly string[]).includes(scope));
  if (unknown.length) throw new Error(`${where} names unknown scopes ${unknown.join(', ')}`);
  return scopes as ApiScope[];
}

/**
 * Most specific first: segment by segment, a literal before a parameter (`/api/clients/byId` before
 * `/api/clients/*`), then alphabetically; then by method. With exact matching this is the only order that matters.
 */
export function bySpecificity(a: RouteRule, b: RouteRule): number {
  const [x, y] = [a.pattern.toLowerCase().split('/'), b.pattern.toLowerCase().split('/')];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] === y[i]) continue;
    if (x[i] === '*' || y[i] === '*') return x[i] === '*' ? 1 : -1;
    return x[i]! < y[i]! ? -1 : 1;
  }
  return x.length - y.length || METHODS.indexOf(lower(a.method)) - METHODS.indexOf(lower(b.method));
}

const lower = (method: RouteMethod) => method.toLowerCase() as (typeof METHODS)[number];

/**
 * The gateway's route table from the services' own OpenAPI documents: every operation under /api/ (an `internal/...`
 * route is never routed), with the roles, scopes and body limit its controller declares and its service enforces.
 */
export function deriveRouteTable(documents: readonly ServiceDocument[]): RouteRule[] {
  const rules: RouteRule[] = [];
  const seen = new Map<string, ServiceName>();
  for (const { service, doc } of documents) {
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      if (!path.startsWith('/api/')) continue;
      const pattern = path.replace(/\{[^}/]+\}/g, '*');
      if (pattern.split('/')[2] === '*' || /[{}]/.test(pattern)) throw new Error(`${service} ${path}: not a path the table can match`);
      for (const method of METHODS) {
        const operation = (item as Record<string, DeclaredOperation | undefined>)[method];
        if (!operation) continue;
        const where = `${service} ${method.toUpperCase()} ${path}`;
        const key = `${method} ${pattern.toLowerCase()}`;
        if (seen.has(key)) throw new Error(`${where}: ${seen.get(key)} has the same route`);
        seen.set(key, service);
        const bodyLimit = operation['x-body-limit'];
        rules.push({
          method: method.toUpperCase() as RouteMethod,
          pattern,
          service,
          access: accessOf(where, operation),
          scopes: scopesOf(where, operation),
          ...(bodyLimit === undefined ? {} : { bodyLimit }),
        });
      }
    }
  }
  return rules.sort(bySpecificity);
}

/** The committed module of the table (route-table.generated.ts), before formatting. */
export function renderRouteTable(rules: readonly RouteRule[]): string {
  return `/*
 * GENERATED from the services' controllers (@Public, @Roles, @Scopes, @BodyLimit, as each service publishes them in its
 * OpenAPI document): do not edit. Change the controller, then run \`npm run routes\`; services/gateway/test/route-table.test.ts
 * fails while this file is stale. Most specific path first (derive-route-table.ts, bySpecificity).
 */
import type { RouteRule } from './route-rule';

export const ROUTE_TABLE: readonly RouteRule[] = ${JSON.stringify(rules)};
`;
}
