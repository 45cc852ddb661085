import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { REFRESH_TOKEN_TTL_SECONDS, type AuthUser, type LoginRequest, type Profile } from '@backoffice/contracts';
import { LOGIN_PROBLEM_CODES, type TwoFactorSetup } from '@backoffice/contracts';
import { AuditTrail, DomainError, NotFoundError, UnauthorizedError } from '@backoffice/platform';
import { UserEntity } from '../users/user.entity';
import { RefreshTokenEntity } from './refresh-token.entity';
import { LoginThrottle } from './login-throttle';
import { verifyPassword } from './password.hasher';
import { hashSecret, sameHash, TokenIssuer } from './token-issuer';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { IdentitySettingsService } from '../settings/identity-settings.service';
import { SessionRevoker } from '../sessions/session-revoker';

export interface IssuedSession {
  accessToken: string;
  expiresIn: number;
  user: AuthUser;
  /** `<id>.<secret>`: what goes into the httpOnly cookie. */
  refreshCookie: string;
  /** Only when this sign-in switched two-factor sign-in on: shown to the user once. */
  recoveryCodes?: string[];
}

const INVALID_CREDENTIALS = 'The username or password is incorrect.';
/**
 * How long a refresh token that was just rotated may be presented again and get the same successor
 * (two tabs refreshing at once), instead of counting as reuse and ending the session.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

export function toAuthUser(user: UserEntity): AuthUser {
  return { id: user.id, name: user.name, email: user.email, roles: user.roles };
}

@Injectable()
export class AuthService {
  constructor(
    private readonly em: EntityManager,
    private readonly throttle: LoginThrottle,
    private readonly tokens: TokenIssuer,
    private readonly twoFactor: TwoFactorService,
    private readonly settings: IdentitySettingsService,
    private readonly sessions: SessionRevoker,
    private readonly audit: AuditTrail,
  ) {}

  /** A failed sign-in in the audit log: against the account when it exists, else against the name that was typed. */
  private async recordFailedSignIn(login: string, user: UserEntity | null, reason: string): Promise<void> {
    const em = this.em.fork();
    const typed = login.trim().toLowerCase().slice(0, 100);
    this.audit.record(
      em,
      [{ entityType: user ? 'User' : 'SignIn', recordId: user?.id ?? typed, action: 'sign-in-failed', fields: {}, note: reason }],
      { id: null, name: typed, kind: 'anonymous' },
    );
    await em.flush();
  }

  /** The active user with these credentials; anything else is one same 401, counted by the throttle. */
  private async verifiedUser(input: { username: string; password: string }, ip: string): Promise<UserEntity> {
    // Counted before the password is checked: a burst of guesses cannot outrun the count.
    await this.throttle.begin(input.username, ip);
    const login = input.username.trim().toLowerCase();
    const user = await this.em.findOne(UserEntity, { $or: [{ email: login }, { username: login }] } as never);
    const ok = await verifyPassword(user?.active ? user.passwordHash : undefined, input.password);
    if (!user || !ok) {
      await this.recordFailedSignIn(
        input.username,
        user,
        !user ? 'Unknown account.' : !user.active ? 'The account is deactivated.' : 'Wrong password.',
      );
      // The same answer for an unknown user, a wrong password and a deactivated account.
      throw new UnauthorizedError(INVALID_CREDENTIALS);
    }
    return user;
  }

  async login(input: LoginRequest, ip: string): Promise<IssuedSession> {
    const user = await this.verifiedUser(input, ip);
    const check = await this.twoFactor.checkAtLogin(user, input.otp || undefined);
    switch (check.kind) {
      case 'missing':
        await this.throttle.release(input.username, ip);
        throw new DomainError(
          LOGIN_PROBLEM_CODES.otpRequired,
          'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
          401,
        );
      case 'invalid':
        // A wrong code stays counted as a failed attempt.
        await this.recordFailedSignIn(input.username, user, 'Wrong two-factor code.');
        throw new DomainError(LOGIN_PROBLEM_CODES.otpInvalid, 'The code is not correct. Enter the current code from your app.', 401);
      case 'setup-required':
        await this.throttle.release(input.username, ip);
        throw new DomainError(
          LOGIN_PROBLEM_CODES.setupRequired,
          'Your role requires two-factor sign-in. Set it up with an authenticator app to continue.',
          401,
        );
    }
    await this.throttle.recordSuccess(input.username, ip);
    const session = await this.em.fork().transactional(async (em) => {
      // The user's row read FOR SHARE: a deactivation or role change that is committing waits for this
      // sign-in (and then ends its session too), or this sign-in waits for it and sees the user inactive.
      const current = await em.findOne(UserEntity, { id: user.id }, { lockMode: LockMode.PESSIMISTIC_READ });
      if (!current?.active) throw new UnauthorizedError(INVALID_CREDENTIALS);
      this.audit.record(em, [{ entityType: 'User', recordId: current.id, action: 'signed-in', fields: {} }], actorOf(current));
      return this.issue(current, randomUUID(), em);
    });
    return check.recoveryCodes ? { ...session, recoveryCodes: check.recoveryCodes } : session;
  }

  /** Step one of a sign-in whose role requires two-factor sign-in that is not set up yet: a new secret. */
  async twoFactorSetupAtLogin(input: { username: string; password: string }, ip: string): Promise<TwoFactorSetup> {
    const user = await this.verifiedUser(input, ip);
    await this.throttle.release(input.username, ip);
    return this.twoFactor.beginSetupAtLogin(user);
  }

  /** Rotates the refresh token; a token that was already rotated revokes its whole family. */
  async refresh(cookie: string | undefined): Promise<IssuedSession> {
    const [id, secret] = (cookie ?? '').split('.');
    if (!id || !secret || !/^[0-9a-f-]{36}$/.test(id)) throw new UnauthorizedError('No valid session; sign in again.');
    const outcome = await this.em.transactional(async (em) => {
      const token = await em.findOne(RefreshTokenEntity, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!token || !sameHash(token.tokenHash, hashSecret(secret))) return { failure: 'invalid' as const };
      if (token.expiresAt.getTime() < Date.now()) return { failure: 'expired' as const };
      const user = await em.findOne(UserEntity, { id: token.userId }, { lockMode: LockMode.PESSIMISTIC_READ });
      if (!user?.active) return { failure: 'invalid' as const };
      if (token.revokedAt) {
        const again = await this.sameSuccessor(em, token, secret, user);
        return again ? { session: again } : { failure: 'reused' as const, familyId: token.familyId };
      }
      // The setting was switched on after this session started: sign in again, with the set-up.
      if (!user.twoFactorEnabledAt && (await this.settings.twoFactorRequiredFor(user.roles))) {
        return { failure: 'setup-required' as const };
      }
      token.revokedAt = new Date();
      const session = await this.issue(user, token.familyId, em, this.tokens.successorSecret(secret));
      token.replacedBy = session.refreshCookie.split('.')[0];
      return { session };
    });
    if ('session' in outcome && outcome.session) return outcome.session;
    if (outcome.failure === 'reused') {
      // Committed on its own: the refusal below must not roll the revocation back.
      await this.revokeFamily(outcome.familyId);
      throw new UnauthorizedError('This session was already used; every session of it has been ended. Sign in again.');
    }
    if (outcome.failure === 'setup-required') {
      throw new DomainError(
        LOGIN_PROBLEM_CODES.setupRequired,
        'Your role now requires two-factor sign-in; sign in again to set it up.',
        401,
      );
    }
    throw new UnauthorizedError(
      outcome.failure === 'expired' ? 'The session has expired; sign in again.' : 'No valid session; sign in again.',
    );
  }

  /**
   * A token rotated moments ago, presented again with its secret: the same successor it was rotated to,
   * while that successor is still the session's live token. Anything else is reuse.
   */
  private async sameSuccessor(
    em: EntityManager,
    token: RefreshTokenEntity,
    secret: string,
    user: UserEntity,
  ): Promise<IssuedSession | undefined> {
    if (!token.replacedBy || Date.now() - token.revokedAt!.getTime() > REFRESH_REUSE_GRACE_MS) return undefined;
    const successor = await em.findOne(RefreshTokenEntity, { id: token.replacedBy, familyId: token.familyId });
    const expected = this.tokens.successorSecret(secret);
    if (!successor || successor.revokedAt || !sameHash(successor.tokenHash, expected.hash)) return undefined;
    const access = this.tokens.accessToken(user, token.familyId);
    return {
      accessToken: access.token,
      expiresIn: access.expiresIn,
      user: toAuthUser(user),
      refreshCookie: `${successor.id}.${expected.secret}`,
    };
  }

  /** Ends a session: its refresh tokens, and once that is committed, its access tokens everywhere. */
  private async revokeFamily(familyId: string) {
    await this.em.nativeUpdate(RefreshTokenEntity, { familyId, revokedAt: null }, { revokedAt: new Date() });
    await this.sessions.revokeAccessTokens([familyId]);
  }

  async logout(cookie: string | undefined): Promise<void> {
    const [id, secret] = (cookie ?? '').split('.');
    if (!id || !secret || !/^[0-9a-f-]{36}$/.test(id)) return;
    const token = await this.em.findOne(RefreshTokenEntity, { id });
    // Only the holder of the session's cookie may end it.
    if (!token || !sameHash(token.tokenHash, hashSecret(secret))) return;
    await this.em.fork().transactional(async (em) => {
      const user = await em.findOne(UserEntity, { id: token.userId });
      await em.nativeUpdate(RefreshTokenEntity, { familyId: token.familyId, revokedAt: null }, { revokedAt: new Date() });
      if (user) this.audit.record(em, [{ entityType: 'User', recordId: user.id, action: 'signed-out', fields: {} }], actorOf(user));
    });
    await this.sessions.revokeAccessTokens([token.familyId]);
  }

  async profile(userId: string): Promise<Profile> {
    const user = await this.em.findOne(UserEntity, { id: userId });
    if (!user) throw new NotFoundError('User', userId);
    return { ...toAuthUser(user), username: user.username, createdAt: user.createdAt.toISOString() };
  }

  private async issue(
    user: UserEntity,
    familyId: string,
    em: EntityManager,
    refresh = this.tokens.newRefreshSecret(),
  ): Promise<IssuedSession> {
    const access = this.tokens.accessToken(user, familyId);
    const row = em.create(RefreshTokenEntity, {
      familyId,
      userId: user.id,
      tokenHash: refresh.hash,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      createdAt: new Date(),
    });
    await em.persist(row).flush();
    return { accessToken: access.token, expiresIn: access.expiresIn, user: toAuthUser(user), refreshCookie: `${row.id}.${refresh.secret}` };
  }
}

/** A staff user as the actor of their own sign-in or sign-out (the request carries no token yet, or no longer). */
const actorOf = (user: UserEntity) => ({ id: user.id, name: user.name, kind: 'user' as const });
