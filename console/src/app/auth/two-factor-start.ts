import { AUTH_PATHS, LOGIN_PROBLEM_CODES, type TwoFactorSetup } from '@backoffice/contracts';
import { ApiError } from '../../components/api/api-error';
import { apiFetch } from '../../components/api/api-fetch';

// What the sign-in screen needs to decide on the second step; the step itself (./two-factor-step) is loaded only then.

/** Whether a failed sign-in needs the second step: a code, or setting two-factor sign-in up first. */
export function twoFactorStepOf(error: unknown): 'otp' | 'setup' | null {
  if (!(error instanceof ApiError) || error.status !== 401) return null;
  if (error.code === LOGIN_PROBLEM_CODES.otpRequired) return 'otp';
  if (error.code === LOGIN_PROBLEM_CODES.setupRequired) return 'setup';
  return null;
}

/** Step one of a required set-up: a new secret, given the right username and password. */
export function startTwoFactorSetup(username: string, password: string): Promise<TwoFactorSetup> {
  return apiFetch<TwoFactorSetup>(AUTH_PATHS.twoFactorSetupAtLogin, { method: 'POST', json: { username, password } });
}
