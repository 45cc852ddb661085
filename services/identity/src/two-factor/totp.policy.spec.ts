import { asTotpCode, isFreshStep, newRecoveryCodes, normalizeRecoveryCode, timeStep, twoFactorRequiredFor } from './totp.policy';

describe('TOTP steps', () => {
  it('numbers 30-second steps and applies the window offset', () => {
    expect(timeStep(0)).toBe(0);
    expect(timeStep(59_999)).toBe(1);
    expect(timeStep(60_000, -1)).toBe(1);
  });

  it('accepts a step only once and never an older one', () => {
    expect(isFreshStep(10, null)).toBe(true);
    expect(isFreshStep(11, 10)).toBe(true);
    expect(isFreshStep(10, 10)).toBe(false);
    expect(isFreshStep(9, 10)).toBe(false);
  });
});

describe('code input', () => {
  it('reads six digits, with or without spaces', () => {
    expect(asTotpCode('123456')).toBe('123456');
    expect(asTotpCode(' 123 456 ')).toBe('123456');
    expect(asTotpCode('12345')).toBeUndefined();
    expect(asTotpCode('abcde-fghjk')).toBeUndefined();
  });

  it('compares recovery codes without case, spaces or dashes', () => {
    expect(normalizeRecoveryCode(' K7MQ2-X9RTD ')).toBe('k7mq2x9rtd');
  });
});

describe('recovery codes', () => {
  it('makes ten distinct, readable codes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hj-km-np-z2-9]{5}-[a-hj-km-np-z2-9]{5}$/);
  });

  it('never repeats a code even when the randomness does', () => {
    let n = 0;
    const codes = newRecoveryCodes(3, (max) => Math.floor(n++ / 10) % max);
    expect(new Set(codes).size).toBe(3);
  });
});

describe('the two-factor setting', () => {
  it('applies to Admin and Manager only, and only when on', () => {
    expect(twoFactorRequiredFor(['Admin'], true)).toBe(true);
    expect(twoFactorRequiredFor(['Salesagent', 'Manager'], true)).toBe(true);
    expect(twoFactorRequiredFor(['Salesagent', 'ServiceProvider'], true)).toBe(false);
    expect(twoFactorRequiredFor(['Admin'], false)).toBe(false);
  });
});
