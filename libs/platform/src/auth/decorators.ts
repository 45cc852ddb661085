import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { ApiScope, Role } from '@backoffice/contracts';

export const IS_PUBLIC = 'auth:public';
export const ROLES_KEY = 'auth:roles';
export const SCOPES_KEY = 'auth:scopes';
export const BODY_LIMIT_KEY = 'http:body-limit';

/** The route needs no token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** The route needs one of these roles (Admin always passes). Without it, any signed-in staff user passes. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/** API clients holding one of these scopes may call the route too. Without it, no API client may. */
export const Scopes = (...scopes: ApiScope[]) => SetMetadata(SCOPES_KEY, scopes);

/** Room for a multipart envelope around an upload's file (boundaries, part headers, small fields). */
export const MULTIPART_ENVELOPE_BYTES = 64 * 1024;

/**
 * A body limit the deployment configures rather than a number: `lead-upload` is crm's largest lead spreadsheet
 * (CRM_UPLOAD_MAX_BYTES, which crm and the gateway both read) plus the multipart envelope.
 */
export type ConfiguredBodyLimit = 'lead-upload';

/**
 * The largest body an upload route takes, in bytes (or a configured limit): the gateway refuses more with 413 before
 * a byte is forwarded. Routes without it take JSON bodies, limited alike everywhere.
 */
export const BodyLimit = (limit: number | ConfiguredBodyLimit) => SetMetadata(BODY_LIMIT_KEY, limit);

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
