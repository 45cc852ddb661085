import { z } from 'zod';

/** Every staff role. Clients are customer accounts and never have a role. */
export const ROLES = ['Admin', 'Manager', 'Salesagent', 'ServiceProvider'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Roles that may use the back-office screens (everything but users and roles is open to Manager). */
export const BACK_OFFICE_ROLES: readonly Role[] = ['Admin', 'Manager'];
