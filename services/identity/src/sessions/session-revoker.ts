import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type Redis from 'ioredis';
import { REDIS, revokeSessions, UnavailableError } from '@backoffice/platform';

/**
 * Ends sessions. A session is a refresh-token family, and its id is the `sid` of every access token it
 * issued. Refresh tokens are revoked in the caller's transaction; once that has committed, the access
 * tokens of those sessions stop working at once in every process (revokeSessions).
 */
@Injectable()
export class SessionRevoker {
  private readonly logger = new Logger('SessionRevoker');
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /**
   * Inside the transaction of the change that ends a user's sessions: the user's row is locked first,
   * so a sign-in or refresh of the same user (which reads that row FOR SHARE) either finished before
   * and its session is listed here, or waits and sees the change. Answers the sessions to end.
   */
  async revokeRefreshTokens(em: EntityManager, userId: string): Promise<string[]> {
    const sql = <T>(query: string) => em.getConnection().execute<T[]>(query, [userId], 'all', em.getTransactionContext());
    await sql('select 1 from users where id = ? for update');
    const rows = await sql<{ family_id: string }>(
      'update refresh_tokens set revoked_at = now() where user_id = ? and revoked_at is null and expires_at > now() returning family_id',
    );
    return [...new Set(rows.map((row) => row.family_id))];
  }

  /** After the commit: the access tokens of these sessions are refused from here on, everywhere. */
  async revokeAccessTokens(sessionIds: readonly string[]): Promise<void> {
    try {
      await revokeSessions(this.redis, sessionIds);
    } catch (error) {
      this.logger.error(`could not end ${sessionIds.length} session(s): ${(error as Error).message}`);
      throw new UnavailableError('The change is saved, but open sessions could not be ended. Use "End sessions" again in a moment.');
    }
  }
}
