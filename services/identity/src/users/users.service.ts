import { Injectable } from '@nestjs/common';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import {
  USER_PROBLEM_CODES,
  type AuditChange,
  type CreateStaffUserSchema,
  type Page,
  type StaffUser,
  type UpdateStaffUserSchema,
  type UserListQuerySchema,
} from '@backoffice/contracts';
import {
  AuditTrail,
  ConflictError,
  containsPattern,
  ForbiddenError,
  NotFoundError,
  sortedPage,
  type CurrentUserData,
} from '@backoffice/platform';
import { hashPassword } from '../auth/password.hasher';
import { SessionRevoker } from '../sessions/session-revoker';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { assertAdminRemains, lockAdminChanges } from './admin-guard';
import { canonicalRoles, MANAGER_VISIBLE_ROLES, staffUserVisibleTo } from './staff-admin.policy';
import { UserEntity } from './user.entity';
import { UserEvents } from './user-events';
import { toStaffUser } from './user.view';

type UserListQuery = z.output<typeof UserListQuerySchema>;
type CreateStaffUser = z.output<typeof CreateStaffUserSchema>;
type UpdateStaffUser = z.output<typeof UpdateStaffUserSchema>;

const duplicateEmail = (email: string) =>
  new ConflictError(`A user with the email ${email} already exists.`, USER_PROBLEM_CODES.duplicateEmail);

/** Staff users: the paged list, create, update, deactivate and reactivate, and ending their sessions. */
@Injectable()
export class UsersService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: UserEvents,
    private readonly sessions: SessionRevoker,
    private readonly twoFactor: TwoFactorService,
    private readonly audit: AuditTrail,
  ) {}

  /** Staff users as `caller` may see them: everyone for an Admin; sales agents and providers (no Admin) for others. */
  async list(query: UserListQuery, caller: Pick<CurrentUserData, 'roles'>): Promise<Page<StaffUser>> {
    const qb = this.em.fork().createQueryBuilder(UserEntity, 'u');
    if (!caller.roles.includes('Admin')) {
      if (query.role && !MANAGER_VISIBLE_ROLES.includes(query.role)) {
        throw new ForbiddenError('Only Admins may list staff users of that role.');
      }
      const visible = MANAGER_VISIBLE_ROLES.map(() => '?').join(', ');
      qb.andWhere(`u.roles && array[${visible}]::text[] and not (u.roles @> array['Admin']::text[])`, [...MANAGER_VISIBLE_ROLES]);
    }
    if (query.role) qb.andWhere('u.roles @> array[?]::text[]', [query.role]);
    if (query.active) qb.andWhere({ active: query.active === 'true' });
    if (query.search) qb.andWhere(`(u.name || ' ' || u.email) ilike ?`, [containsPattern(query.search)]);
    return sortedPage(qb, query, toStaffUser);
  }

  private async find(em: EntityManager, id: string): Promise<UserEntity> {
    const user = await em.findOne(UserEntity, { id });
    if (!user) throw new NotFoundError('User', id);
    return user;
  }

  async get(id: string): Promise<StaffUser> {
    return toStaffUser(await this.find(this.em.fork(), id));
  }

  /** One staff user, if `caller` may see them (otherwise not found, as if there were none). */
  async getFor(id: string, caller: Pick<CurrentUserData, 'roles'>): Promise<StaffUser> {
    const user = await this.find(this.em.fork(), id);
    if (!staffUserVisibleTo(caller.roles, user.roles)) throw new NotFoundError('User', id);
    return toStaffUser(user);
  }

  private async assertEmailFree(em: EntityManager, email: string, exceptId?: string): Promise<void> {
    const taken = await em.count(UserEntity, { email, ...(exceptId ? { id: { $ne: exceptId } } : {}) });
    if (taken > 0) throw duplicateEmail(email);
  }

  /** A create or update that gives a user `email`, in one transaction: another user winning the email meanwhile is a conflict. */
  private async changeWithEmail(email: string, change: (em: EntityManager) => Promise<StaffUser>): Promise<StaffUser> {
    try {
      return await this.em.fork().transactional(change);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw duplicateEmail(email);
      throw error;
    }
  }

  async create(input: CreateStaffUser): Promise<StaffUser> {
    const passwordHash = await hashPassword(input.password);
    return this.changeWithEmail(input.email, async (em) => {
      await this.assertEmailFree(em, input.email);
      const now = new Date();
      const user = em.create(UserEntity, {
        name: input.name,
        email: input.email,
        username: input.email,
        passwordHash,
        roles: canonicalRoles(input.roles),
        active: true,
        createdAt: now,
        updatedAt: now,
      });
      this.events.publish(em, 'created', user);
      await em.flush();
      return toStaffUser(user);
    });
  }

  async update(id: string, input: UpdateStaffUser): Promise<StaffUser> {
    return this.changeWithEmail(input.email, async (em) => {
      const user = await this.find(em, id);
      await this.assertEmailFree(em, input.email, id);
      if (user.name !== input.name || user.email !== input.email) {
        Object.assign(user, { name: input.name, email: input.email, username: input.email, updatedAt: new Date() });
        this.events.publish(em, 'updated', user);
      }
      await em.flush();
      return toStaffUser(user);
    });
  }

  /** Deactivates and signs the user out everywhere at once. The last active Admin cannot be deactivated. */
  async deactivate(id: string, actor: CurrentUserData): Promise<StaffUser> {
    if (id === actor.id) {
      throw new ConflictError('You cannot deactivate your own account.', USER_PROBLEM_CODES.selfDeactivation);
    }
    const { user, sessions } = await this.em.fork().transactional(async (em) => {
      await lockAdminChanges(em);
      const found = await this.find(em, id);
      if (found.active) {
        await assertAdminRemains(em, found, { active: false, roles: found.roles });
        Object.assign(found, { active: false, deactivatedAt: new Date(), updatedAt: new Date() });
        this.events.publish(em, 'deactivated', found);
      }
      const ended = await this.sessions.revokeRefreshTokens(em, id);
      await em.flush();
      return { user: found, sessions: ended };
    });
    await this.sessions.revokeAccessTokens(sessions);
    return toStaffUser(user);
  }

  async activate(id: string): Promise<StaffUser> {
    return this.em.fork().transactional(async (em) => {
      const user = await this.find(em, id);
      if (!user.active) {
        Object.assign(user, { active: true, deactivatedAt: null, updatedAt: new Date() });
        this.events.publish(em, 'activated', user);
      }
      await em.flush();
      return toStaffUser(user);
    });
  }

  /** Signs the user out everywhere: refresh tokens revoked, access tokens refused from now on. */
  async endSessions(id: string): Promise<void> {
    const sessions = await this.em.fork().transactional(async (em) => {
      await this.find(em, id);
      const ended = await this.sessions.revokeRefreshTokens(em, id);
      if (ended.length) this.audit.record(em, [sessionsEnded(id, ended.length)]);
      return ended;
    });
    await this.sessions.revokeAccessTokens(sessions);
  }

  /** Removes the user's two-factor sign-in (a lost phone) and ends their sessions. */
  async resetTwoFactor(id: string): Promise<StaffUser> {
    const sessions = await this.em.fork().transactional(async (em) => {
      const user = await this.find(em, id);
      const had = user.twoFactorEnabledAt ? 'on' : user.twoFactorPendingSecret ? 'being set up' : undefined;
      await this.twoFactor.clear(em, id);
      const ended = await this.sessions.revokeRefreshTokens(em, id);
      // Written by statements the unit of work does not see: named here for the audit log.
      this.audit.record(em, [
        ...(had
          ? [{ entityType: 'User', recordId: id, action: 'updated' as const, fields: { twoFactor: { before: had, after: 'off' } } }]
          : []),
        ...(ended.length ? [sessionsEnded(id, ended.length)] : []),
      ]);
      return ended;
    });
    await this.sessions.revokeAccessTokens(sessions);
    return this.get(id);
  }
}

/** The audit log's words for ending a user's sessions (refresh tokens revoked by one statement). */
const sessionsEnded = (userId: string, count: number): AuditChange => ({
  entityType: 'User',
  recordId: userId,
  action: 'updated',
  fields: { openSessions: { before: count, after: 0 } },
  note: count === 1 ? 'One session ended.' : `${count} sessions ended.`,
});
