import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomUUID } from 'node:crypto';
import { authenticator } from 'otplib';
import { renderSVG } from 'uqr';
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '@backoffice/contracts';
import { ConflictError, InvalidInputError, NotFoundError, SERVICE_CONFIG } from '@backoffice/platform';
import type { IdentityConfig } from '../identity.config';
import { UserEntity } from '../users/user.entity';
import { IdentitySettingsService } from '../settings/identity-settings.service';
import { CodeAttemptLimiter } from './code-attempt-limiter';
import { RecoveryCodeEntity } from './recovery-code.entity';
import { SecretBox } from './secret-box';
import { asTotpCode, isFreshStep, newRecoveryCodes, normalizeRecoveryCode, timeStep } from './totp.policy';

const WRONG_CODE = 'The code is not correct. Enter the current code from your authenticator app.';

/** How the second factor of a sign-in went. */
export type LoginCheck = { kind: 'ok'; recoveryCodes?: string[] } | { kind: 'missing' } | { kind: 'invalid' } | { kind: 'setup-required' };

const hashRecoveryCode = (code: string) => createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');

/**
 * Two-factor sign-in with TOTP (RFC 6238, ±1 step of clock drift, each code accepted once) and
 * single-use recovery codes. Secrets are encrypted at rest; recovery codes are stored hashed.
 */
@Injectable()
export class TwoFactorService {
  constructor(
    private readonly em: EntityManager,
    private readonly box: SecretBox,
    private readonly settings: IdentitySettingsService,
    private readonly limiter: CodeAttemptLimiter,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  private async user(userId: string): Promise<UserEntity> {
    const user = await this.em.fork().findOne(UserEntity, { id: userId });
    if (!user) throw new NotFoundError('User', userId);
    return user;
  }

  async status(userId: string): Promise<TwoFactorStatus> {
    const user = await this.user(userId);
    const enabled = !!user.twoFactorEnabledAt;
    return {
      enabled,
      enabledAt: user.twoFactorEnabledAt?.toISOString() ?? null,
      recoveryCodesLeft: enabled ? await this.em.fork().count(RecoveryCodeEntity, { userId, usedAt: null }) : 0,
      required: await this.settings.twoFactorRequiredFor(user.roles),
    };
  }

  /** Offers a new secret to the signed-in user; it takes effect once a code from it is confirmed. */
  async beginSetup(userId: string): Promise<TwoFactorSetup> {
    const user = await this.user(userId);
    if (user.twoFactorEnabledAt) {
      throw new ConflictError('Two-factor sign-in is already on. Turn it off first to move it to another device.', 'two_factor_enabled');
    }
    return this.offerSecret(user);
  }

  async enable(userId: string, code: string): Promise<RecoveryCodes> {
    const user = await this.user(userId);
    if (user.twoFactorEnabledAt) throw new ConflictError('Two-factor sign-in is already on.', 'two_factor_enabled');
    if (!user.twoFactorPendingSecret) {
      throw new ConflictError('Start the set-up first: a new secret is needed.', 'two_factor_not_started');
    }
    // Counted before the code is checked (a wrong one stays counted).
    await this.limiter.begin(userId);
    if (!(await this.claimTotp(user, user.twoFactorPendingSecret, code))) {
      throw new InvalidInputError([{ path: 'code', message: WRONG_CODE }]);
    }
    await this.limiter.recordSuccess(userId);
    return { recoveryCodes: await this.switchOn(user.id, user.twoFactorPendingSecret) };
  }

  async disable(userId: string, code: string): Promise<void> {
    const user = await this.verifiedUser(userId, code);
    if (await this.settings.twoFactorRequiredFor(user.roles)) {
      throw new ConflictError('Two-factor sign-in is required for your role; it cannot be turned off.', 'two_factor_required');
    }
    await this.em.fork().transactional((em) => this.clear(em, user.id));
  }

  async renewRecoveryCodes(userId: string, code: string): Promise<RecoveryCodes> {
    const user = await this.verifiedUser(userId, code);
    return { recoveryCodes: await this.em.fork().transactional((em) => this.replaceRecoveryCodes(em, user.id)) };
  }

  /** An Admin's reset (a lost phone): the user signs in with the password alone, or sets it up again if required. */
  async clear(em: EntityManager, userId: string): Promise<void> {
    await em.nativeUpdate(
      UserEntity,
      { id: userId },
      { twoFactorSecret: null, twoFactorPendingSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null },
    );
    await em.nativeDelete(RecoveryCodeEntity, { userId });
  }

  /** After the password was verified: whether the sign-in may go on, and with which second factor. */
  async checkAtLogin(user: UserEntity, otp: string | undefined): Promise<LoginCheck> {
    if (user.twoFactorEnabledAt && user.twoFactorSecret) {
      if (!otp) return { kind: 'missing' };
      return (await this.verifySecondFactor(user, otp)) ? { kind: 'ok' } : { kind: 'invalid' };
    }
    if (!(await this.settings.twoFactorRequiredFor(user.roles))) return { kind: 'ok' };
    if (otp && user.twoFactorPendingSecret) {
      if (!(await this.claimTotp(user, user.twoFactorPendingSecret, otp))) return { kind: 'invalid' };
      return { kind: 'ok', recoveryCodes: await this.switchOn(user.id, user.twoFactorPendingSecret) };
    }
    return { kind: 'setup-required' };
  }

  /** The set-up offered at sign-in to a user whose role requires two-factor sign-in and who has none yet. */
  async beginSetupAtLogin(user: UserEntity): Promise<TwoFactorSetup> {
    if (user.twoFactorEnabledAt) {
      throw new ConflictError('Two-factor sign-in is already set up: sign in with a code from your app.', 'two_factor_enabled');
    }
    if (!(await this.settings.twoFactorRequiredFor(user.roles))) {
      throw new ConflictError('Two-factor sign-in is not required for you; set it up from your profile.', 'two_factor_not_required');
    }
    return this.offerSecret(user);
  }

  private async offerSecret(user: UserEntity): Promise<TwoFactorSetup> {
    const secret = authenticator.generateSecret(20);
    await this.em.fork().nativeUpdate(UserEntity, { id: user.id }, { twoFactorPendingSecret: this.box.seal(secret) });
    const otpauthUrl = authenticator.keyuri(user.email, this.config.TOTP_ISSUER, secret);
    return { secret, otpauthUrl, qrSvg: renderSVG(otpauthUrl, { border: 2 }) };
  }

  private async verifiedUser(userId: string, code: string): Promise<UserEntity> {
    const user = await this.user(userId);
    if (!user.twoFactorEnabledAt) throw new ConflictError('Two-factor sign-in is not on.', 'two_factor_disabled');
    // Counted before the code is checked (a wrong one stays counted).
    await this.limiter.begin(userId);
    if (!(await this.verifySecondFactor(user, code))) {
      throw new InvalidInputError([{ path: 'code', message: 'The code is not correct.' }]);
    }
    await this.limiter.recordSuccess(userId);
    return user;
  }

  /** A 6-digit code from the app, or else an unused recovery code (used up by this call). */
  private async verifySecondFactor(user: UserEntity, input: string): Promise<boolean> {
    if (asTotpCode(input)) return !!user.twoFactorSecret && this.claimTotp(user, user.twoFactorSecret, input);
    const used = await this.em
      .fork()
      .nativeUpdate(RecoveryCodeEntity, { userId: user.id, codeHash: hashRecoveryCode(input), usedAt: null }, { usedAt: new Date() });
    return used === 1;
  }

  /** Checks a code against a sealed secret and records its time step, so the same code never works twice. */
  private async claimTotp(user: UserEntity, sealedSecret: string, input: string): Promise<boolean> {
    const code = asTotpCode(input);
    if (!code) return false;
    const now = Date.now();
    const delta = authenticator.clone({ window: 1, epoch: now }).checkDelta(code, this.box.open(sealedSecret));
    if (delta === null) return false;
    const step = timeStep(now, delta);
    if (!isFreshStep(step, user.twoFactorLastStep)) return false;
    const claimed = await this.em
      .fork()
      .nativeUpdate(
        UserEntity,
        { id: user.id, $or: [{ twoFactorLastStep: null }, { twoFactorLastStep: { $lt: step } }] },
        { twoFactorLastStep: step },
      );
    return claimed === 1;
  }

  private switchOn(userId: string, sealedSecret: string): Promise<string[]> {
    return this.em.fork().transactional(async (em) => {
      await em.nativeUpdate(
        UserEntity,
        { id: userId },
        { twoFactorSecret: sealedSecret, twoFactorPendingSecret: null, twoFactorEnabledAt: new Date() },
      );
      return this.replaceRecoveryCodes(em, userId);
    });
  }

  private async replaceRecoveryCodes(em: EntityManager, userId: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    await em.nativeDelete(RecoveryCodeEntity, { userId });
    await em.insertMany(
      RecoveryCodeEntity,
      codes.map((code) => ({ id: randomUUID(), userId, codeHash: hashRecoveryCode(code), createdAt: new Date(), usedAt: null })),
    );
    return codes;
  }
}
