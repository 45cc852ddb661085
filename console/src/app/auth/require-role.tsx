import type { ReactNode } from 'react';
import type { Role } from '@backoffice/contracts';
import { Outlet, useMatches } from 'react-router-dom';
import { hasAnyRole, landingPath, useAuth } from '../../components/auth';
import { ForbiddenPage } from '../../components/layout/forbidden-page';
import { requiredRoleSets } from '../../components/routing';

function Gate({ allowed, children }: { allowed: boolean; children?: ReactNode }) {
  const { user } = useAuth();
  if (!allowed) return <ForbiddenPage homePath={user ? landingPath(user) : '/'} />;
  return children ?? <Outlet />;
}

/** Renders its content only for a user with at least one of `roles`; others see a "No access" page. */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children?: ReactNode }) {
  const { user } = useAuth();
  return <Gate allowed={hasAnyRole(user, roles)}>{children}</Gate>;
}

/**
 * Enforces the roles that the matched feature routes declare in their `handle`
 * (`handle: requireRoles(ACCESS.backOffice)`), so features state access next to their routes.
 */
export function RouteRoleGuard({ children }: { children?: ReactNode }) {
  const { user } = useAuth();
  const matches = useMatches();
  const allowed = requiredRoleSets(matches).every((roles) => hasAnyRole(user, roles));
  return <Gate allowed={allowed}>{children}</Gate>;
}
