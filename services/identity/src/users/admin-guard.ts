import type { EntityManager } from '@mikro-orm/postgresql';
import { ConflictError } from '@backoffice/platform';
import { USER_PROBLEM_CODES } from '@backoffice/contracts';
import { UserEntity } from './user.entity';
import { removesLastAdmin, type AdminState } from './staff-admin.policy';

/**
 * Serialises the changes that can take an Admin away (role changes, deactivation) inside their
 * transaction, so two concurrent changes cannot each believe another Admin remains.
 */
export async function lockAdminChanges(em: EntityManager): Promise<void> {
  await em.getConnection().execute('select pg_advisory_xact_lock(hashtext(?))', ['identity:admins'], 'all', em.getTransactionContext());
}

export function countOtherActiveAdmins(em: EntityManager, userId: string): Promise<number> {
  return em
    .createQueryBuilder(UserEntity, 'u')
    .where('u.roles @> array[?]::text[]', ['Admin'])
    .andWhere({ active: true, id: { $ne: userId } })
    .getCount();
}

/** Refuses a change that would leave the system without an active Admin. Call after lockAdminChanges. */
export async function assertAdminRemains(em: EntityManager, user: UserEntity, after: AdminState): Promise<void> {
  if (!removesLastAdmin(user, after, await countOtherActiveAdmins(em, user.id))) return;
  throw new ConflictError(
    after.active
      ? `${user.name} is the last Admin: give another user the Admin role before removing it.`
      : `${user.name} is the last Admin and cannot be deactivated: give another user the Admin role first.`,
    USER_PROBLEM_CODES.lastAdmin,
  );
}
