import { clientAccountErrors, duplicateEmailError, normalizeEmail } from './client-account.policy';

const valid = { email: 'ann@example.com', phoneNumber: '+1 (555) 010-2030', passCode: 'Secret123' };

describe('client account rules', () => {
  it('accepts a well-formed account', () => {
    expect(clientAccountErrors(valid)).toEqual([]);
  });

  it('names a bad email', () => {
    expect(clientAccountErrors({ ...valid, email: 'ann@' })).toEqual([{ code: 'InvalidEmail', description: "Email 'ann@' is invalid." }]);
  });

  it('names a bad phone number: letters, or too few or too many digits', () => {
    for (const phoneNumber of ['call me', '12345', '1234567890123456']) {
      expect(clientAccountErrors({ ...valid, phoneNumber }).map((e) => e.code)).toEqual(['InvalidPhoneNumber']);
    }
  });

  it('names every weakness of a passCode', () => {
    expect(clientAccountErrors({ ...valid, passCode: 'abc' }).map((e) => e.code)).toEqual(['PasswordTooShort', 'PasswordRequiresDigit']);
    expect(clientAccountErrors({ ...valid, passCode: '12345678' }).map((e) => e.code)).toEqual(['PasswordRequiresLetter']);
  });

  it('does not check a passCode that is not given (updates)', () => {
    expect(clientAccountErrors({ email: valid.email, phoneNumber: valid.phoneNumber })).toEqual([]);
  });

  it('describes a duplicate email, and compares emails without case', () => {
    expect(duplicateEmailError('ann@example.com')).toEqual({
      code: 'DuplicateEmail',
      description: "Email 'ann@example.com' is already taken.",
    });
    expect(normalizeEmail('  Ann@Example.COM ')).toBe('ann@example.com');
  });
});
