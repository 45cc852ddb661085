import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, TWO_FACTOR_REQUIRED_ROLES, type Role } from '@backoffice/contracts';

/** The length of one TOTP time step, in seconds (RFC 6238 default, what every authenticator app uses). */
export const TOTP_PERIOD_SECONDS = 30;

/** The time step a code belongs to, from the step of `now` and the window offset the check found. */
export function timeStep(nowMs: number, delta = 0): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** A code is accepted once: only a step later than the last accepted one. */
export function isFreshStep(step: number, lastStep: number | null | undefined): boolean {
  return lastStep === null || lastStep === undefined || step > lastStep;
}

/** "123 456" → "123456"; anything else that is six digits once spaces are gone is a TOTP code. */
export function asTotpCode(input: string): string | undefined {
  const compact = input.replace(/\s+/g, '');
  return /^\d{6}$/.test(compact) ? compact : undefined;
}

/** Recovery codes are compared without case, spaces or dashes. */
export function normalizeRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]+/g, '');
}

/** No 0/o, 1/l/i: easy to read back from paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Single-use recovery codes like "k7mq2-x9rtd" (10 characters of a 31-letter alphabet: ~49 bits each). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT, pick: (max: number) => number = randomInt): string[] {
  const code = () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[pick(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  };
  const codes = new Set<string>();
  while (codes.size < count) codes.add(code());
  return [...codes];
}

/** Whether the security setting makes two-factor sign-in compulsory for a user with these roles. */
export function twoFactorRequiredFor(roles: readonly Role[], settingOn: boolean): boolean {
  return settingOn && roles.some((role) => TWO_FACTOR_REQUIRED_ROLES.includes(role));
}
