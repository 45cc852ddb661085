import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Role } from '@backoffice/contracts';

export const IS_PUBLIC = 'auth:public';
export const ROLES_KEY = 'auth:roles';

/** The route needs no token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** The route needs one of these roles (Admin always passes). Without it, any signed-in staff user passes. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

export interface CurrentUserData {
  id: string;
  name: string;
  email: string;
  roles: Role[];
}

/** The signed-in user, as the verified token says. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): CurrentUserData => {
  const request = context.switchToHttp().getRequest<{ user: CurrentUserData }>();
  return request.user;
});
