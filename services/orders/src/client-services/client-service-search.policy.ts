import { escapeLike } from '@backoffice/platform';

/**
 * The list's search as one SQL condition on client_services (alias `cs`): part of the service, provider or
 * branch name (any case), or the start of the client service's id or its order's id (the short ids shown).
 */
export function clientServiceSearchCondition(search: string): { sql: string; params: string[] } {
  const contains = `%${escapeLike(search)}%`;
  const prefix = `${escapeLike(search.toLowerCase())}%`;
  return {
    sql:
      '(cs.service_name ilike ? or cs.provider_name ilike ? or cs.branch_name ilike ?' +
      ' or cs.id::text like ? or cs.order_id::text like ?)',
    params: [contains, contains, contains, prefix, prefix],
  };
}
