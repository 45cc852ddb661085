import type { Role } from '@backoffice/contracts';
import type { UIMatch } from 'react-router-dom';

/** What a feature declares about one of its routes, in the route's `handle`; the app's guards read it. */
export interface RouteHandle {
  /** The user needs at least one of these roles to open the route (and everything under it). */
  roles?: readonly Role[];
}

/** `handle: requireRoles(ACCESS.backOffice)`: only users with one of these roles may open the route. */
export function requireRoles(roles: readonly Role[]): RouteHandle {
  return { roles };
}

/** Every role list the matched routes require, outermost first. */
export function requiredRoleSets(matches: readonly UIMatch[]): Array<readonly Role[]> {
  return matches.flatMap((match) => {
    const roles = (match.handle as RouteHandle | undefined)?.roles;
    return roles ? [roles] : [];
  });
}
