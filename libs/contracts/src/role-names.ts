// The role names alone, without zod: the console's first page takes them (its route guards and navigation) and
// would otherwise download zod with them. The schema is in roles.ts.

/** Every staff role. Clients are customer accounts and never have a role. */
export const ROLES = ['Admin', 'Manager', 'Salesagent', 'ServiceProvider'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that may use the back-office screens (everything but users and roles is open to Manager). */
export const BACK_OFFICE_ROLES: readonly Role[] = ['Admin', 'Manager'];
