import type { IdentityUserEventData, Role, StaffUser, UserRoles } from '@backoffice/contracts';
import type { UserEntity } from './user.entity';

/** What the API answers for a staff user: never a hash or a secret. */
export function toStaffUser(user: UserEntity): StaffUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    username: user.username,
    roles: user.roles,
    active: user.active,
    twoFactorEnabled: !!user.twoFactorEnabledAt,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

export function toUserRoles(user: UserEntity): UserRoles {
  return { userId: user.id, name: user.name, email: user.email, roles: user.roles };
}

export function toEventData(user: UserEntity, previousRoles?: Role[]): IdentityUserEventData {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    roles: user.roles,
    active: user.active,
    ...(previousRoles ? { previousRoles } : {}),
  };
}
