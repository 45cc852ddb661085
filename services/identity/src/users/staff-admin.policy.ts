import { ROLES, type Role } from '@backoffice/contracts';

/** What a staff user looks like to the admin rules. */
export interface AdminState {
  active: boolean;
  roles: readonly Role[];
}

export const isActiveAdmin = (user: AdminState): boolean => user.active && user.roles.includes('Admin');

/**
 * The system always keeps at least one active Admin: a change that turns the only one into a
 * non-Admin (by roles or by deactivation) is refused. `otherActiveAdmins` excludes the user.
 */
export function removesLastAdmin(before: AdminState, after: AdminState, otherActiveAdmins: number): boolean {
  return isActiveAdmin(before) && !isActiveAdmin(after) && otherActiveAdmins === 0;
}

/** Roles in the one canonical order, without duplicates. */
export function canonicalRoles(roles: readonly Role[]): Role[] {
  return ROLES.filter((role) => roles.includes(role));
}

/** The roles added and removed by a change; `changed` is false when the sets are equal. */
export function roleChange(before: readonly Role[], after: readonly Role[]): { added: Role[]; removed: Role[]; changed: boolean } {
  const added = canonicalRoles(after.filter((role) => !before.includes(role)));
  const removed = canonicalRoles(before.filter((role) => !after.includes(role)));
  return { added, removed, changed: added.length > 0 || removed.length > 0 };
}

/** The roles of the people a Manager assigns work to: the sales-agent and provider pickers are all a Manager reads of staff. */
export const MANAGER_VISIBLE_ROLES: readonly Role[] = ['Salesagent', 'ServiceProvider'];

/** Whether a caller with `callerRoles` may see a staff user with `roles` (Admins see everyone; no one else sees an Admin). */
export function staffUserVisibleTo(callerRoles: readonly string[], roles: readonly string[]): boolean {
  if (callerRoles.includes('Admin')) return true;
  return !roles.includes('Admin') && roles.some((role) => MANAGER_VISIBLE_ROLES.includes(role as Role));
}
