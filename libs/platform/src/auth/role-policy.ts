import type { Role } from '@backoffice/contracts';

/** Admin may do everything; otherwise the user needs one of the required roles. */
export function hasRequiredRole(userRoles: readonly string[], required: readonly Role[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  if (userRoles.includes('Admin')) return true;
  return required.some((role) => userRoles.includes(role));
}
