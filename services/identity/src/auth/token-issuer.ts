import { Inject, Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokenClaims } from '@backoffice/contracts';
import { SERVICE_CONFIG } from '@backoffice/platform';
import type { IdentityConfig } from '../identity.config';
import type { User } from '../users/user.entity';
import { SessionRevoker } from '../sessions/session-revoker';

/** Signs RS256 access tokens and makes opaque refresh secrets. */
@Injectable()
export class TokenIssuer {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    private readonly sessions: SessionRevoker,
  ) {}

  async accessToken(user: User): Promise<{ token: string; expiresIn: number }> {
    // Never before the user's revocation time, so a sign-in right after "end sessions" is not refused.
    const iat = Math.max(Math.floor(Date.now() / 1000), await this.sessions.notBefore(user.id));
    const claims: Omit<AccessTokenClaims, 'exp'> = {
      sub: user.id,
      name: user.name,
      email: user.email,
      roles: user.roles,
      typ: 'access',
      iat,
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
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
