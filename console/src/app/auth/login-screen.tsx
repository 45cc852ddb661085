import { useRef, useState, type FormEvent } from 'react';
import {
  Button,
  Card,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { GridRegular } from '@fluentui/react-icons';
import { Navigate, useSearchParams } from 'react-router-dom';
import { LoginRequestSchema, type TwoFactorSetup } from '@backoffice/contracts';
import { ApiError, errorMessage, fieldErrors } from '../../components/api';
import { landingPath, safeNextPath, useAuth } from '../../components/auth';
import { PageSpinner } from '../../components/feedback';
import { schemaFieldErrors } from '../../components/forms';
import { PRODUCT_NAME, useDocumentTitle } from '../../components/layout';
import { preloadRoute } from '../../components/routing';
import { routes } from '../routes';
import { startTwoFactorSetup, TwoFactorStep, twoFactorStepOf } from './two-factor-step';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalL,
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  card: {
    width: '100%',
    maxWidth: '400px',
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalXXL,
    rowGap: tokens.spacingVerticalL,
    boxShadow: tokens.shadow16,
  },
  brand: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  brandMark: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '40px',
    height: '40px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontSize: '24px',
  },
  titles: { display: 'flex', flexDirection: 'column' },
  title: { margin: 0 },
  subtitle: { color: tokens.colorNeutralForeground3 },
  form: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  submit: { marginTop: tokens.spacingVerticalS },
  wideCard: { maxWidth: '560px' },
});

type LoginField = 'username' | 'password';

/** A title for the message bar; the body is the server's own sentence. */
function failureTitle(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Sign-in failed';
  if (error.isNetworkError || error.status >= 500) return error.title;
  if (error.status === 429) return 'Sign-in temporarily blocked';
  return 'Sign-in failed';
}

export default function LoginScreen() {
  const styles = useStyles();
  const { status, user, endReason, login } = useAuth();
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next');
  const [values, setValues] = useState<Record<LoginField, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  /** After a right password: the one-time code step, with a new secret when it must be set up first. */
  const [secondStep, setSecondStep] = useState<{ setup?: TwoFactorSetup } | null>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useDocumentTitle('Sign in');

  if (status === 'restoring') return <PageSpinner fullScreen />;
  if (status === 'authenticated' && user) return <Navigate to={landingPath(user, next)} replace />;

  const change = (field: LoginField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setFailure(null);
    const parsed = LoginRequestSchema.safeParse(values);
    if (!parsed.success) {
      const invalid = schemaFieldErrors(parsed.error);
      setErrors(invalid);
      (invalid.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    // The screen that follows loads while the password is checked, not after.
    preloadRoute(routes, safeNextPath(next) ?? '/admin');
    try {
      // On success the session becomes authenticated and this screen redirects (above).
      await login(parsed.data.username, parsed.data.password);
    } catch (error) {
      const step = twoFactorStepOf(error);
      if (step) {
        try {
          setSecondStep(step === 'setup' ? { setup: await startTwoFactorSetup(parsed.data.username, parsed.data.password) } : {});
        } catch (setupError) {
          setFailure(setupError);
        }
        setSubmitting(false);
        return;
      }
      const byField = fieldErrors(error);
      if (byField.username || byField.password) {
        setErrors({ username: byField.username, password: byField.password });
      } else {
        setFailure(error);
      }
      if (error instanceof ApiError && error.status === 401) {
        setValues((current) => ({ ...current, password: '' }));
        passwordRef.current?.focus();
      }
      setSubmitting(false);
    }
  };

  return (
    <main className={styles.page}>
      <Card className={mergeClasses(styles.card, secondStep?.setup && styles.wideCard)} aria-labelledby="login-title">
        <div className={styles.brand}>
          <span className={styles.brandMark} aria-hidden="true">
            <GridRegular />
          </span>
          <div className={styles.titles}>
            <Text as="h1" id="login-title" size={600} weight="semibold" className={styles.title}>
              {PRODUCT_NAME}
            </Text>
            <Text className={styles.subtitle}>{secondStep ? 'Two-factor sign-in' : 'Sign in with your staff account'}</Text>
          </div>
        </div>

        {endReason === 'expired' && !failure && (
          <MessageBar intent="warning" data-testid="login-expired">
            <MessageBarBody>Your session has expired. Sign in again to continue.</MessageBarBody>
          </MessageBar>
        )}
        {failure !== null && (
          <MessageBar intent="error" data-testid="login-error" aria-live="assertive">
            <MessageBarBody>
              <MessageBarTitle>{failureTitle(failure)}</MessageBarTitle>
              {errorMessage(failure)}
            </MessageBarBody>
          </MessageBar>
        )}

        {secondStep && (
          <TwoFactorStep
            username={values.username}
            password={values.password}
            setup={secondStep.setup}
            onBack={(error) => {
              setSecondStep(null);
              setValues((current) => ({ ...current, password: '' }));
              if (error) setFailure(error);
            }}
          />
        )}
        {!secondStep && (
          <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
            <Field label="Username" validationMessage={errors.username}>
              <Input
                ref={usernameRef}
                name="username"
                autoComplete="username"
                autoFocus
                value={values.username}
                onChange={(_event, data) => change('username', data.value)}
              />
            </Field>
            <Field label="Password" validationMessage={errors.password}>
              <Input
                ref={passwordRef}
                name="password"
                type="password"
                autoComplete="current-password"
                value={values.password}
                onChange={(_event, data) => change('password', data.value)}
              />
            </Field>
            <Button
              type="submit"
              appearance="primary"
              size="large"
              className={styles.submit}
              disabled={submitting}
              icon={submitting ? <Spinner size="tiny" /> : undefined}
            >
              {submitting ? 'Signing in…' : 'Sign in'}
            </Button>
          </form>
        )}
      </Card>
    </main>
  );
}
