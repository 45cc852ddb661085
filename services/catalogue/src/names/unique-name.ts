import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '@backoffice/platform';

/**
 * A name is unique (ignoring case) among its siblings: `twinQuery` selects another row of the same name (in the
 * change's transaction); when there is one, the change is refused with 409 `duplicate` on the name field.
 */
export async function assertNameFree(em: EntityManager, twinQuery: string, params: unknown[], message: string): Promise<void> {
  const [twin] = await em.getConnection().execute<{ id: number }[]>(twinQuery, params, 'all', em.getTransactionContext());
  if (twin) throw new DomainError('duplicate', message, 409, [{ path: 'name', message }]);
}
