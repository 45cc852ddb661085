import { useState, type FormEvent } from 'react';
import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AUTH_PATHS, LOGIN_PROBLEM_CODES, type LoginResponse, type RecoveryCodes, type TwoFactorSetup } from '@backoffice/contracts';
import { ApiError, apiFetch, sessionStore } from '../../components/api';
import { useOneTimeCode } from '../../features/identity/two-factor/use-one-time-code';
import { AuthenticatorSetup } from '../../features/identity/two-factor/authenticator-setup';
import { RecoveryCodesPanel } from '../../features/identity/two-factor/recovery-codes-panel';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  intro: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, marginTop: tokens.spacingVerticalS },
});

/** The answer of POST /api/auth/login that switched two-factor sign-in on: it carries the recovery codes. */
type LoginWithCodes = LoginResponse & Partial<RecoveryCodes>;

export interface TwoFactorStepProps {
  username: string;
  password: string;
  /** Present when the user's role requires two-factor sign-in and it is not set up yet. */
  setup?: TwoFactorSetup;
  /** Back to the username and password (another account, or a failure that is not about the code). */
  onBack(failure?: unknown): void;
}

/**
 * The second step of signing in: the one-time code (or a recovery code). For a required set-up it first
 * shows the new secret, and after the first code the recovery codes, before the session starts.
 */
export function TwoFactorStep({ username, password, setup, onBack }: TwoFactorStepProps) {
  const styles = useStyles();
  const otpCode = useOneTimeCode();
  const [submitting, setSubmitting] = useState(false);
  const [signedIn, setSignedIn] = useState<LoginWithCodes | null>(null);

  if (signedIn?.recoveryCodes) {
    return (
      <RecoveryCodesPanel
        codes={signedIn.recoveryCodes}
        doneLabel="Continue"
        onDone={() => sessionStore.start({ accessToken: signedIn.accessToken, expiresIn: signedIn.expiresIn, user: signedIn.user })}
      />
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const otp = otpCode.code;
    if (!otp) return otpCode.refuse('Enter the code from your authenticator app');
    setSubmitting(true);
    try {
      const response = await apiFetch<LoginWithCodes>(AUTH_PATHS.login, { method: 'POST', json: { username, password, otp } });
      if (response.recoveryCodes?.length) {
        setSignedIn(response);
      } else {
        // The screen redirects once the session is authenticated.
        sessionStore.start(response);
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === LOGIN_PROBLEM_CODES.otpInvalid) {
        otpCode.clear();
        otpCode.refuse(error.detail ?? 'The code is not correct.');
      } else {
        onBack(error);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate data-testid="two-factor-step">
      {setup ? (
        <>
          <Text className={styles.intro}>
            Your role requires two-factor sign-in. Set it up now with an authenticator app on your phone.
          </Text>
          <AuthenticatorSetup setup={setup} compact />
        </>
      ) : (
        <Text className={styles.intro}>Enter the code from your authenticator app to finish signing in as {username}.</Text>
      )}
      {otpCode.field({
        label: 'Verification code',
        name: 'otp',
        hint: setup ? 'The 6-digit code the app shows now.' : 'The 6-digit code from your app, or one of your recovery codes.',
      })}
      <div className={styles.actions}>
        <Button
          type="submit"
          appearance="primary"
          size="large"
          disabled={submitting}
          icon={submitting ? <Spinner size="tiny" /> : undefined}
        >
          {submitting ? 'Verifying…' : setup ? 'Verify and sign in' : 'Verify'}
        </Button>
        <Button appearance="subtle" onClick={() => onBack()} disabled={submitting}>
          Use another account
        </Button>
      </div>
    </form>
  );
}
