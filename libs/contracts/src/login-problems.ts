// Its own module, without zod: the console's sign-in page decides on the second step with it, and a module's
// schemas come into a bundle with any constant taken from it.

/**
 * Problem codes of POST /api/auth/login (all 401): the password was right and
 * - otp_required: send it again with `otp` (a 6-digit code or a recovery code);
 * - otp_invalid: the code was wrong;
 * - two_factor_setup_required: the user's role needs two-factor sign-in and it is not set up:
 *   POST /api/auth/login/two-factor-setup {username, password} answers a secret; then log in with
 *   `otp` from it: the answer then carries `recoveryCodes`.
 */
export const LOGIN_PROBLEM_CODES = {
  otpRequired: 'otp_required',
  otpInvalid: 'otp_invalid',
  setupRequired: 'two_factor_setup_required',
} as const;
