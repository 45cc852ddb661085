import { z } from 'zod';
import { RoleSchema } from './roles';

export const LoginRequestSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(254),
  password: z.string().min(1, 'Password is required').max(1024),
  otp: z.string().trim().max(32).optional(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const AuthUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  roles: z.array(RoleSchema),
});
export type AuthUser = z.infer<typeof AuthUserSchema>;

export const LoginResponseSchema = z.object({
  accessToken: z.string(),
  expiresIn: z.number().int(),
  user: AuthUserSchema,
  /** Only when this sign-in turned two-factor on: the recovery codes, shown once. */
  recoveryCodes: z.array(z.string()).optional(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const ProfileSchema = AuthUserSchema.extend({
  username: z.string(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** Claims of an access token. `sub` is the user id. */
export interface AccessTokenClaims {
  sub: string;
  name: string;
  email: string;
  roles: string[];
  typ: 'access';
  /** The session: one sign-in and its refreshes. Ending the session ends its access tokens at once. */
  sid: string;
  iat: number;
  exp: number;
  /** Client-credentials tokens only: the API client's scopes, space-separated (RFC 6749 §3.3). */
  scope?: string;
  /** Client-credentials tokens only: `sub` is an API client id, `roles` is empty. */
  client?: true;
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 14 * 24 * 60 * 60;
export const JWT_ISSUER_DEFAULT = 'backoffice-identity';
export const JWT_AUDIENCE_DEFAULT = 'backoffice';
export const REFRESH_COOKIE = 'bo_refresh';
