import { findRoute } from '../routing/route-table';

type Json = Record<string, unknown>;
type Operation = Json & { description?: string; security?: unknown[]; responses?: Record<string, Json> };

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const PROBLEM = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } };

/**
 * Says on each operation who may call it through this gateway, from the gateway's route table (the rule that decides,
 * generated from the services' controllers): staff roles, or any signed-in user, and the scopes an API client needs
 * (`x-roles`, `x-api-client-scopes`, and a line of the description).
 */
export function documentRouteAccess<T extends { paths: Record<string, unknown> }>(doc: T): T {
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (!operation) continue;
      const rule = findRoute(method.toUpperCase(), path.replace(/\{[^}]+\}/g, 'x'));
      if (!rule || rule.access === 'public') continue;
      const roles =
        rule.access === 'authenticated' ? 'any signed-in staff user' : `staff roles ${[...new Set(['Admin', ...rule.access])].join(', ')}`;
      const scopes = rule.scopes ?? [];
      const who = `Who may call it: ${roles}${scopes.length ? `; API clients with the scope ${scopes.map((s) => `\`${s}\``).join(' or ')}` : '; not API clients'}.`;
      operation.description = operation.description ? `${operation.description}\n\n${who}` : who;
      operation['x-roles'] = rule.access === 'authenticated' ? ['any'] : [...new Set(['Admin', ...rule.access])];
      operation['x-api-client-scopes'] = [...scopes];
      if (!operation.security?.length) operation.security = [{ bearer: [] }];
      const responses = (operation.responses ??= {});
      responses['401'] ??= { description: 'No valid access token.', content: PROBLEM };
      responses['403'] ??= { description: 'The token does not allow this operation.', content: PROBLEM };
    }
  }
  return doc;
}
