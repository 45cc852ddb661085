import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ROLE_DESCRIPTIONS, ROLES, type Role, type RoleInfo, type UserRoles } from '@backoffice/contracts';
import { NotFoundError } from '@backoffice/platform';
import { SessionRevoker } from '../sessions/session-revoker';
import { assertAdminRemains, lockAdminChanges } from '../users/admin-guard';
import { canonicalRoles, roleChange, staffUserVisibleTo } from '../users/staff-admin.policy';
import { UserEntity } from '../users/user.entity';
import { UserEvents } from '../users/user-events';
import { toUserRoles } from '../users/user.view';

/** The roles and who has them. Changing a user's roles ends their sessions, so the new roles apply at once. */
@Injectable()
export class UserRolesService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: UserEvents,
    private readonly sessions: SessionRevoker,
  ) {}

  roleNames(): Role[] {
    return [...ROLES];
  }

  /** A role by its id, which is its name (any letter case). */
  async role(id: string): Promise<RoleInfo> {
    const role = ROLES.find((name) => name.toLowerCase() === id.toLowerCase());
    if (!role) throw new NotFoundError('Role', id);
    const userCount = await this.em
      .fork()
      .createQueryBuilder(UserEntity, 'u')
      .where('u.roles @> array[?]::text[]', [role])
      .andWhere({ active: true })
      .getCount();
    return { id: role, name: role, description: ROLE_DESCRIPTIONS[role], userCount };
  }

  /** A user's roles, for a caller who may see the user (404 otherwise, as GET /api/identity/users/{id} answers). */
  async userRoles(userId: string, callerRoles: readonly string[]): Promise<UserRoles> {
    const user = await this.em.fork().findOne(UserEntity, { id: userId });
    if (!user || !staffUserVisibleTo(callerRoles, user.roles)) throw new NotFoundError('User', userId);
    return toUserRoles(user);
  }

  async setUserRoles(userId: string, requested: Role[]): Promise<UserRoles> {
    const roles = canonicalRoles(requested);
    const outcome = await this.em.fork().transactional(async (em) => {
      await lockAdminChanges(em);
      const user = await em.findOne(UserEntity, { id: userId });
      if (!user) throw new NotFoundError('User', userId);
      if (!roleChange(user.roles, roles).changed) return { user, sessions: [] as string[] };
      await assertAdminRemains(em, user, { active: user.active, roles });
      const previous = user.roles;
      Object.assign(user, { roles, updatedAt: new Date() });
      this.events.publish(em, 'roles-changed', user, previous);
      const sessions = await this.sessions.revokeRefreshTokens(em, userId);
      await em.flush();
      return { user, sessions };
    });
    await this.sessions.revokeAccessTokens(outcome.sessions);
    return toUserRoles(outcome.user);
  }
}
