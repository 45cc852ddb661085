import { randomBytes } from 'node:crypto';
import { maskSsn, SsnCipher } from './ssn-cipher';

describe('SSN encryption', () => {
  const cipher = new SsnCipher(randomBytes(32));

  it('seals an SSN so that only the key opens it, differently every time', () => {
    const a = cipher.encrypt('123456789');
    const b = cipher.encrypt('123456789');
    expect(a).not.toBe(b);
    expect(a).not.toContain('123456789');
    expect(cipher.decrypt(a)).toBe('123456789');
    expect(new SsnCipher(randomBytes(32)).decrypt(a)).toBeUndefined();
  });

  it('refuses tampered or foreign values', () => {
    const sealed = cipher.encrypt('123456789');
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(cipher.decrypt(tampered)).toBeUndefined();
    expect(cipher.decrypt('123456789')).toBeUndefined();
    expect(cipher.openToken('enc:nonsense')).toBeUndefined();
  });

  it('round-trips the tokens of the failed-rows sheet', () => {
    expect(cipher.openToken(cipher.token('012345678'))).toBe('012345678');
  });

  it('shows the console the last four digits only', () => {
    expect(maskSsn('6789')).toBe('***-**-6789');
    expect(maskSsn(null)).toBeNull();
  });

  it('wants a 32-byte key', () => {
    expect(() => new SsnCipher(randomBytes(16))).toThrow(/32 bytes/);
  });
});
