import jwt from 'jsonwebtoken';
import type { AccessTokenClaims } from '@backoffice/contracts';
import { UnauthorizedError } from '../errors/domain-error';

export interface TokenSettings {
  publicKey: string;
  issuer: string;
  audience: string;
}

/**
 * The one set of verification options: RS256 only (no `none`, no HS256 with the public key),
 * fixed issuer and audience, and only access tokens. The key never comes from the token.
 */
export function verifyOptions(settings: TokenSettings): jwt.VerifyOptions & { complete?: false } {
  return { algorithms: ['RS256'], issuer: settings.issuer, audience: settings.audience, clockTolerance: 5 };
}

export function isAccessClaims(payload: unknown): payload is AccessTokenClaims {
  const claims = payload as Partial<AccessTokenClaims> | null;
  return (
    !!claims && claims.typ === 'access' && typeof claims.sub === 'string' && Array.isArray(claims.roles) && typeof claims.iat === 'number'
  );
}

/** Verifies a bearer token; throws UnauthorizedError on anything wrong. */
export function verifyAccessToken(token: string, settings: TokenSettings): AccessTokenClaims {
  let payload: unknown;
  try {
    payload = jwt.verify(token, settings.publicKey, verifyOptions(settings));
  } catch (error) {
    const reason = (error as Error).name === 'TokenExpiredError' ? 'The access token has expired.' : 'The access token is invalid.';
    throw new UnauthorizedError(reason);
  }
  if (!isAccessClaims(payload)) throw new UnauthorizedError('The access token is invalid.');
  return payload;
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}
