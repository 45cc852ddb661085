import { accountPasswordProblems, isAccountEmail, isAccountPhoneNumber, type IdentityError } from '@backoffice/contracts';

/** Lower-case and trimmed: one client per email whatever its letter case. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * The rules of a client account that answer `succeeded: false` (the request itself was well-formed):
 * the email's format, the phone number's, and on create the passCode's strength.
 */
export function clientAccountErrors(input: { email: string; phoneNumber: string; passCode?: string }): IdentityError[] {
  const errors: IdentityError[] = [];
  if (!isAccountEmail(input.email)) {
    errors.push({ code: 'InvalidEmail', description: `Email '${input.email}' is invalid.` });
  }
  if (!isAccountPhoneNumber(input.phoneNumber)) {
    errors.push({
      code: 'InvalidPhoneNumber',
      description: `Phone number '${input.phoneNumber}' is invalid: use 7 to 15 digits, with an optional +, spaces, dashes or brackets.`,
    });
  }
  if (input.passCode !== undefined) errors.push(...accountPasswordProblems(input.passCode));
  return errors;
}

export const duplicateEmailError = (email: string): IdentityError => ({
  code: 'DuplicateEmail',
  description: `Email '${email}' is already taken.`,
});
