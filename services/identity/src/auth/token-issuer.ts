import { Inject, Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokenClaims } from '@backoffice/contracts';
import { SERVICE_CONFIG } from '@backoffice/platform';
import type { IdentityConfig } from '../identity.config';
import type { UserEntity } from '../users/user.entity';

/** Signs RS256 access tokens and makes opaque refresh secrets. */
@Injectable()
export class TokenIssuer {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: IdentityConfig) {}

  /** An access token of the session `sessionId` (the refresh-token family): ending the session ends it. */
  accessToken(user: UserEntity, sessionId: string): { token: string; expiresIn: number } {
    const claims: Omit<AccessTokenClaims, 'exp'> = {
      sub: user.id,
      name: user.name,
      email: user.email,
      roles: user.roles,
      typ: 'access',
      sid: sessionId,
      iat: Math.floor(Date.now() / 1000),
    };
    const token = jwt.sign(claims, this.config.JWT_PRIVATE_KEY, {
      algorithm: 'RS256',
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      issuer: this.config.JWT_ISSUER,
      audience: this.config.JWT_AUDIENCE,
    });
    return { token, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
  }

  newRefreshSecret(): { secret: string; hash: string } {
    const secret = randomBytes(32).toString('base64url');
    return { secret, hash: hashSecret(secret) };
  }

  /**
   * The secret of the refresh token that replaces one holding `secret`: derived from it, so the same old
   * token presented again moments later (two tabs refreshing at once) can be answered with the same
   * successor without the server keeping any secret. Only a holder of the old secret can derive it.
   */
  successorSecret(secret: string): { secret: string; hash: string } {
    const next = createHmac('sha256', secret).update('backoffice-refresh-successor').digest('base64url');
    return { secret: next, hash: hashSecret(next) };
  }
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
