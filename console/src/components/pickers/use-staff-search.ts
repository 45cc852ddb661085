import { IDENTITY_PATHS, type Page, type Role, type StaffUser } from '@backoffice/contracts';
import { useApi } from '../api';

/** How many people a picker offers at once: the search narrows the rest down on the server. */
export const PICKER_PAGE_SIZE = 20;

/** Active staff of one role whose name or email matches `search`, by name, searched on the server. */
export function useStaffSearch(role: Role, search: string, enabled = true) {
  const query = new URLSearchParams({ role, active: 'true', sort: 'name', pageSize: String(PICKER_PAGE_SIZE) });
  if (search.trim()) query.set('search', search.trim());
  return useApi<Page<StaffUser>>(enabled ? `${IDENTITY_PATHS.users}?${query}` : null, { keepPreviousData: true });
}

/** One staff user by id (e.g. the one an address names), for showing their name. */
export function useStaffUser(id: string | undefined) {
  return useApi<StaffUser>(id ? IDENTITY_PATHS.user(id) : null, { shouldRetryOnError: false });
}
