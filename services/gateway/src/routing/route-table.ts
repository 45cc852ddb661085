import { MULTIPART_ENVELOPE_BYTES, type ConfiguredBodyLimit } from '@backoffice/platform';
import { ROUTE_TABLE } from './route-table.generated';
import type { RouteMethod, RouteRule } from './route-rule';

export type { Access, RouteMethod, RouteRule } from './route-rule';
export { ROUTE_TABLE };

/** Every JSON body: the services refuse more too. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** Limits the deployment sets, which the gateway's own refusals follow. */
export interface ConfiguredLimits {
  /** crm's largest lead spreadsheet (CRM_UPLOAD_MAX_BYTES, the same variable crm reads). */
  leadUploadBytes: number;
}

const CONFIGURED: Record<ConfiguredBodyLimit, (limits: ConfiguredLimits) => number> = {
  // crm's configured limit, whose own answer names it, plus the multipart envelope
  'lead-upload': ({ leadUploadBytes }) => leadUploadBytes + MULTIPART_ENVELOPE_BYTES,
};

/** The largest body of a route in bytes: its declared upload limit, else JSON_BODY_LIMIT. */
export function bodyLimitOf(rule: RouteRule, limits: ConfiguredLimits): number {
  const limit = rule.bodyLimit;
  if (limit === undefined) return JSON_BODY_LIMIT;
  return typeof limit === 'number' ? limit : CONFIGURED[limit](limits);
}

interface Compiled {
  rule: RouteRule;
  segments: readonly string[];
}

/**
 * The table's rules by their path's segment count and first segment under /api (the table is read on every proxied
 * request: a lookup scans a handful of rules), each list in the table's order, most specific first.
 */
const BY_PREFIX = new Map<string, Compiled[]>();
for (const rule of ROUTE_TABLE) {
  const segments = rule.pattern.toLowerCase().split('/');
  const key = `${segments.length} ${segments[2]}`;
  BY_PREFIX.set(key, [...(BY_PREFIX.get(key) ?? []), { rule, segments }]);
}

const segmentsOf = (url: string) => url.split('?')[0]!.replace(/\/+$/, '').toLowerCase().split('/');
const matches = (want: readonly string[], have: readonly string[]) =>
  want.every((segment, i) => (segment === '*' ? have[i] !== '' : segment === have[i]));

/** The rule for a request (HEAD as GET), or undefined when no service has that route. */
export function findRoute(method: string, url: string): RouteRule | undefined {
  const wanted = method === 'HEAD' ? 'GET' : method;
  const have = segmentsOf(url);
  for (const { rule, segments } of BY_PREFIX.get(`${have.length} ${have[2]}`) ?? []) {
    if (rule.method === wanted && matches(segments, have)) return rule;
  }
  return undefined;
}

/** The methods some service answers at a path (none: no service has it). */
export function methodsAt(url: string): RouteMethod[] {
  const have = segmentsOf(url);
  const rules = (BY_PREFIX.get(`${have.length} ${have[2]}`) ?? []).filter(({ segments }) => matches(segments, have));
  return [...new Set(rules.map(({ rule }) => rule.method))];
}
