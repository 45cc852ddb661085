import { z } from 'zod';

/**
 * What an API client (another system: a storefront, an accounting tool) may be allowed to do.
 * A client token carries some of these in its `scope` claim and never any staff role.
 */
export const API_SCOPES = [
  'orders:write',
  'payments:write',
  'clients:write',
  'catalogue:read',
  'geography:read',
  'webhooks:manage',
] as const;
export const ApiScopeSchema = z.enum(API_SCOPES);
export type ApiScope = z.infer<typeof ApiScopeSchema>;

/** Lifetime of a client-credentials access token. */
export const CLIENT_TOKEN_TTL_SECONDS = 15 * 60;
/** Longest overlap of a rotation: the old secret stays valid at most this long. */
export const API_CLIENT_MAX_OVERLAP_SECONDS = 7 * 24 * 60 * 60;

const scopeList = z
  .array(ApiScopeSchema)
  .min(1, 'Choose at least one scope')
  .refine((scopes) => new Set(scopes).size === scopes.length, 'A scope is listed twice');

export const CreateApiClientSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120),
  scopes: scopeList,
  /** When the client stops working (absent: never). Must be in the future. */
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});
export type CreateApiClient = z.infer<typeof CreateApiClientSchema>;

export const RotateApiClientSecretSchema = z.object({
  /** How long the old secret keeps working beside the new one (0: it stops at once). */
  overlapSeconds: z.number().int().min(0).max(API_CLIENT_MAX_OVERLAP_SECONDS),
});
export type RotateApiClientSecret = z.infer<typeof RotateApiClientSecretSchema>;

export const ApiClientSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(ApiScopeSchema),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  /** Until when the previous secret still works after a rotation (null: no previous secret). */
  previousSecretValidUntil: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ApiClient = z.infer<typeof ApiClientSchema>;

/** A client just created or rotated: the only answer that ever shows the secret. */
export const ApiClientWithSecretSchema = ApiClientSchema.extend({ clientSecret: z.string() });
export type ApiClientWithSecret = z.infer<typeof ApiClientWithSecretSchema>;

/** RFC 6749 §4.4.2: the client-credentials token request (client id and secret may be in HTTP Basic instead). */
export const ClientCredentialsRequestSchema = z.object({
  grant_type: z.string().optional(),
  scope: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
});
export type ClientCredentialsRequest = z.infer<typeof ClientCredentialsRequestSchema>;

/** RFC 6749 §5.1. */
export const ClientCredentialsResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});
export type ClientCredentialsResponse = z.infer<typeof ClientCredentialsResponseSchema>;

/** RFC 6749 §5.2. */
export const OAuthErrorSchema = z.object({
  error: z.enum(['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope']),
  error_description: z.string().optional(),
});
export type OAuthError = z.infer<typeof OAuthErrorSchema>;
