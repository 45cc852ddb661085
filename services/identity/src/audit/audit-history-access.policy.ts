/**
 * Whose history a caller of GET /api/audit/history may read: only what they may read elsewhere. An Admin reads every
 * record's. A Manager reads the records of the routes open to Managers: not identity's API clients, settings or
 * sessions, nor orders' webhook subscriptions (Admin-only routes), and a user's only when the user is one a Manager
 * sees (GET /api/identity/users/{id}: a sales agent or a provider, never an Admin).
 */
export type HistoryAccess = 'all' | 'visible-user' | 'none';

/** Per area, the kinds of record a Manager may not read elsewhere. */
const ADMIN_ONLY: Readonly<Record<string, readonly string[]>> = {
  identity: ['ApiClient', 'IdentitySetting', 'RefreshToken', 'RecoveryCode'],
  orders: ['WebhookSubscription'],
};

export function historyAccess(callerRoles: readonly string[], area: string, entityType: string): HistoryAccess {
  if (callerRoles.includes('Admin')) return 'all';
  if (area === 'identity' && entityType === 'User') return 'visible-user';
  if (area === 'identity' && entityType !== 'ClientAccount') return 'none'; // anything else of identity's is the Admin's
  return ADMIN_ONLY[area]?.includes(entityType) ? 'none' : 'all';
}
