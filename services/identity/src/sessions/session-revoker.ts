import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import type Redis from 'ioredis';
import { notBeforeKey, REDIS, revokeTokensIssuedBefore, UnavailableError } from '@backoffice/platform';
import { RefreshToken } from '../auth/refresh-token.entity';

/**
 * Ends a user's sessions: their refresh tokens are revoked in the caller's transaction, and once it has
 * committed their access tokens stop working at once (a per-user "not before" time that the gateway
 * and every service check).
 */
@Injectable()
export class SessionRevoker {
  private readonly logger = new Logger('SessionRevoker');
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Inside the transaction of the change that ends the sessions. */
  revokeRefreshTokens(em: EntityManager, userId: string): Promise<number> {
    return em.nativeUpdate(RefreshToken, { userId, revokedAt: null }, { revokedAt: new Date() });
  }

  /** After the commit: access tokens issued until now are refused from here on. */
  async revokeAccessTokens(userId: string): Promise<void> {
    try {
      await revokeTokensIssuedBefore(this.redis, userId);
    } catch (error) {
      this.logger.error(`could not end the access tokens of ${userId}: ${(error as Error).message}`);
      throw new UnavailableError('The change is saved, but open sessions could not be ended. Use "End sessions" again in a moment.');
    }
  }

  /**
   * The earliest `iat` a new token of the user may carry: a token issued in the same second as a
   * revocation would otherwise be refused with the revoked ones.
   */
  async notBefore(userId: string): Promise<number> {
    const value = await this.redis.get(notBeforeKey(userId)).catch(() => null);
    return value === null ? 0 : Number(value) || 0;
  }
}
