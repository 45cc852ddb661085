import { BACK_OFFICE_ROLES, type AuthUser, type Role } from '@backoffice/contracts';

/** Who may enter which part of the console (docs/architecture.md, Roles and scopes). The gateway enforces the same rules. */
export const ACCESS = {
  /** The /admin shell and its dashboard. */
  adminArea: ['Admin', 'Manager', 'ServiceProvider'],
  /** Every back-office screen except users and roles. */
  backOffice: BACK_OFFICE_ROLES,
  /** Users and their roles. */
  userAdministration: ['Admin'],
  /** Submitted client services: providers see the ones assigned to them. */
  clientServices: ['Admin', 'Manager', 'ServiceProvider'],
  /** The sales agent's workspace at /crm. */
  crm: ['Admin', 'Salesagent'],
  /** /crm/leads: an agent's own pipeline; the team's for Managers and Admins. */
  crmLeads: ['Admin', 'Manager', 'Salesagent'],
} as const satisfies Record<string, readonly Role[]>;

export function hasAnyRole(user: AuthUser | null, roles: readonly Role[]): boolean {
  return !!user && user.roles.some((role) => roles.includes(role));
}

/** A same-origin path to return to, or null for anything that could leave the console. */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next.startsWith('/auth/login')) return null;
  return next;
}

/**
 * Where a user lands after signing in: a sales agent (and nothing else) works in /crm;
 * a service provider (and nothing else) on their client services; everyone else returns to where
 * they were going, or the dashboard.
 */
export function landingPath(user: AuthUser, next?: string | null): string {
  const target = safeNextPath(next);
  const salesAgentOnly = user.roles.length > 0 && user.roles.every((role) => role === 'Salesagent');
  if (salesAgentOnly) return target && (target.startsWith('/crm') || target.startsWith('/auth/')) ? target : '/crm';
  const providerOnly = user.roles.length > 0 && user.roles.every((role) => role === 'ServiceProvider');
  if (providerOnly) return target ?? '/admin/clients-services';
  return target ?? '/admin';
}
