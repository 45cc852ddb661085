import { createPublicKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { AccessTokenClaims } from '@backoffice/contracts';
import { UnauthorizedError } from '../errors/domain-error';

export interface TokenSettings {
  publicKey: string;
  issuer: string;
  audience: string;
}

/** Seconds a token is still accepted after its `exp` (clock skew between identity and the others). */
const CLOCK_TOLERANCE_S = 5;

/**
 * The one set of verification options: RS256 only (no `none`, no HS256 with the public key),
 * fixed issuer and audience, and only access tokens. The key never comes from the token.
 */
export function verifyOptions(settings: TokenSettings): jwt.VerifyOptions & { complete?: false } {
  return { algorithms: ['RS256'], issuer: settings.issuer, audience: settings.audience, clockTolerance: CLOCK_TOLERANCE_S };
}

export function isAccessClaims(payload: unknown): payload is AccessTokenClaims {
  const claims = payload as Partial<AccessTokenClaims> | null;
  return (
    !!claims &&
    claims.typ === 'access' &&
    typeof claims.sub === 'string' &&
    typeof claims.sid === 'string' &&
    Array.isArray(claims.roles) &&
    typeof claims.iat === 'number'
  );
}

/** The parsed public key: jsonwebtoken would otherwise parse the PEM again on every verification. */
const parsedKeys = new Map<string, KeyObject>();
export function publicKeyObject(pem: string): KeyObject {
  let key = parsedKeys.get(pem);
  if (!key) {
    key = createPublicKey(pem);
    parsedKeys.set(pem, key);
  }
  return key;
}

/** Verifies a bearer token; throws UnauthorizedError on anything wrong. */
export function verifyAccessToken(token: string, settings: TokenSettings): AccessTokenClaims {
  let payload: unknown;
  try {
    payload = jwt.verify(token, publicKeyObject(settings.publicKey), verifyOptions(settings));
  } catch (error) {
    const reason = (error as Error).name === 'TokenExpiredError' ? 'The access token has expired.' : 'The access token is invalid.';
    throw new UnauthorizedError(reason);
  }
  if (!isAccessClaims(payload)) throw new UnauthorizedError('The access token is invalid.');
  return payload;
}

/**
 * verifyAccessToken with a memory of the tokens it has verified, by their exact string, until they
 * expire: a console sends the same token with every request for its whole life, and the RS256
 * signature check is most of the cost of a small request. The answer is the same as verifying again
 * (the same string, key and options verify the same way; expiry is checked on every use, as
 * jsonwebtoken checks it). Revocation is not decided here: callers still ask SessionRevocations every time.
 */
export class AccessTokenVerifier {
  private readonly verified = new Map<string, AccessTokenClaims & { exp: number }>();

  constructor(
    private readonly settings: TokenSettings,
    private readonly maxEntries = 10_000,
  ) {}

  verify(token: string): AccessTokenClaims {
    const known = this.recall(token);
    if (known) return known;
    const claims = verifyAccessToken(token, this.settings);
    this.remember(token, claims);
    return claims;
  }

  /** The claims of `token` if it was verified before and has not expired since; otherwise undefined. */
  recall(token: string): AccessTokenClaims | undefined {
    const known = this.verified.get(token);
    if (!known) return undefined;
    if (Math.floor(Date.now() / 1000) < known.exp + CLOCK_TOLERANCE_S) return known;
    this.verified.delete(token);
    return undefined;
  }

  /** Remembers the claims a verification of `token` with these settings has just accepted. */
  remember(token: string, claims: AccessTokenClaims): void {
    const nowS = Math.floor(Date.now() / 1000);
    const exp = (claims as { exp?: unknown }).exp;
    // Only tokens that expire are remembered (the identity service always sets exp).
    if (typeof exp !== 'number' || nowS >= exp + CLOCK_TOLERANCE_S) return;
    if (this.verified.size >= this.maxEntries) this.evict(nowS);
    // Frozen: every request with this token shares the object.
    Object.freeze(claims.roles);
    this.verified.set(token, Object.freeze(claims) as AccessTokenClaims & { exp: number });
  }

  /** How many verified tokens are remembered (tests). */
  get size(): number {
    return this.verified.size;
  }

  /** Drops the expired tokens, and when none had expired, the oldest tenth. */
  private evict(nowS: number): void {
    for (const [token, claims] of this.verified) if (nowS >= claims.exp + CLOCK_TOLERANCE_S) this.verified.delete(token);
    if (this.verified.size < this.maxEntries) return;
    let drop = Math.max(1, Math.floor(this.maxEntries / 10));
    for (const token of this.verified.keys()) {
      if (drop-- <= 0) break;
      this.verified.delete(token);
    }
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}
