import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { ApiScope, Role } from '@backoffice/contracts';

export const IS_PUBLIC = 'auth:public';
export const ROLES_KEY = 'auth:roles';
export const SCOPES_KEY = 'auth:scopes';

/** The route needs no token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** The route needs one of these roles (Admin always passes). Without it, any signed-in staff user passes. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/** API clients holding one of these scopes may call the route too. Without it, no API client may. */
export const Scopes = (...scopes: ApiScope[]) => SetMetadata(SCOPES_KEY, scopes);

export interface CurrentUserData {
  id: string;
  name: string;
  email: string;
  roles: Role[];
  /** An API client (client-credentials token): `id` is the client's id, `roles` is empty. */
  client?: boolean;
  /** An API client's scopes. */
  scopes?: string[];
}

/** The signed-in user, as the verified token says. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): CurrentUserData => {
  const request = context.switchToHttp().getRequest<{ user: CurrentUserData }>();
  return request.user;
});
