import type { ApiScope, Role } from '@backoffice/contracts';
import { hasRequiredRole } from './role-policy';

/** Who is calling, as far as access is concerned: a staff user (roles) or an API client (scopes). */
export interface Caller {
  roles: readonly string[];
  client?: boolean;
  scopes?: readonly string[];
}

/** The scopes of a `scope` claim (space-separated, RFC 6749 §3.3). */
export function scopesOf(scope: string | undefined): string[] {
  return scope ? scope.split(' ').filter((s) => s.length > 0) : [];
}

/**
 * One rule for the gateway and the services. A staff user needs one of the roles (none named: any
 * staff user). An API client needs one of the scopes the route names; a route that names no scope
 * is staff-only, whatever its roles say, so a client token never reaches it.
 */
export function mayCall(caller: Caller, roles: readonly Role[] | undefined, scopes: readonly ApiScope[] | undefined): boolean {
  if (caller.client) return !!scopes && scopes.some((scope) => (caller.scopes ?? []).includes(scope));
  return hasRequiredRole(caller.roles, roles);
}
