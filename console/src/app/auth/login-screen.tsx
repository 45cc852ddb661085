import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Button,
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
import type { TwoFactorSetup } from '@backoffice/contracts';
// Each from its own file: a folder's index brings every component of the folder (the sign-in page's first download).
import { ApiError, errorMessage, fieldErrors } from '../../components/api/api-error';
import { landingPath, safeNextPath, useAuth } from '../../components/auth';
import { PageSpinner } from '../../components/feedback/page-spinner';
import { PRODUCT_NAME, useDocumentTitle } from '../../components/layout/use-document-title';
import type { LoginField } from './login-validation';
import { startTwoFactorSetup, twoFactorStepOf } from './two-factor-start';

// Loaded after the first paint: the form's check (zod) once the form has focus, the second step when asked for.
let validation: Promise<typeof import('./login-validation')> | undefined;
const loadValidation = () =>
  (validation ??= import('./login-validation').catch((error: unknown) => {
    validation = undefined; // the next submit tries again
    throw error;
  }));
const loadTwoFactorStep = () => import('./two-factor-step');
const TwoFactorStep = lazy(() => loadTwoFactorStep().then((module) => ({ default: module.TwoFactorStep })));

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
  // Fluent's Card as it looks here (filled, not interactive), without its code: Card brings tabster's focus
  // management, which nothing on this page uses, into the page's first download.
  card: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    overflow: 'hidden',
    width: '100%',
    maxWidth: '400px',
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalXXL,
    rowGap: tokens.spacingVerticalL,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
    // The border, transparent but for forced colours.
    '::after': {
      content: '""',
      position: 'absolute',
      top: 0,
      right: 0,
      bottom: 0,
      left: 0,
      pointerEvents: 'none',
      border: `${tokens.strokeWidthThin} solid ${tokens.colorTransparentStroke}`,
      borderRadius: tokens.borderRadiusMedium,
    },
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

/** A title for the message bar; the body is the server's own sentence. */
function failureTitle(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Sign-in failed';
  if (error.isNetworkError || error.status >= 500) return error.title;
  if (error.status === 429) return 'Sign-in temporarily blocked';
  return 'Sign-in failed';
}

/**
 * What the sign-in loads after the first paint. `preloadOnce`, on the form's first focus (the username field has it
 * from the start): the form's check and `target`, the screen that follows; once signed in, the landing screen.
 * `check` answers null to a submit while an earlier one still waits for the check's code.
 */
function useSignInLoading(preload: (pathname: string) => void, next: string | null) {
  const { status, user } = useAuth();
  const started = useRef(false);
  const waiting = useRef(false);
  const target = safeNextPath(next) ?? '/admin';
  // A session restored or just started: the landing screen's code loads while <Navigate> hands over to it.
  useEffect(() => {
    if (status === 'authenticated' && user) preload(landingPath(user, next));
  }, [status, user, next, preload]);
  const preloadOnce = () => {
    if (started.current) return;
    started.current = true;
    loadValidation().catch(() => undefined);
    preload(target);
  };
  const check = async (values: Record<LoginField, string>) => {
    if (waiting.current) return null;
    waiting.current = true;
    try {
      return (await loadValidation()).checkLogin(values);
    } finally {
      waiting.current = false;
    }
  };
  return { preloadOnce, check, target };
}

/**
 * The sign-in screen. `preload` starts loading the screen that follows (the route table's, given by app/routes.tsx,
 * which this screen does not import: that table imports this screen): once the form has focus, and again on submit.
 */
export default function LoginScreen({ preload }: { preload: (pathname: string) => void }) {
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
  const { preloadOnce, check, target } = useSignInLoading(preload, next);
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
    let parsed: Awaited<ReturnType<typeof check>>;
    try {
      parsed = await check(values);
    } catch (error) {
      setFailure(error); // the check's code did not come
      return;
    }
    if (!parsed) return;
    if (!('data' in parsed)) {
      setErrors(parsed.errors);
      (parsed.errors.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    // The screen that follows loads while the password is checked, not after.
    preload(target);
    try {
      // On success the session becomes authenticated and this screen redirects (above).
      await login(parsed.data.username, parsed.data.password);
    } catch (error) {
      const step = twoFactorStepOf(error);
      if (step) {
        try {
          const [setup] = await Promise.all([
            step === 'setup' ? startTwoFactorSetup(parsed.data.username, parsed.data.password) : undefined,
            loadTwoFactorStep(),
          ]);
          setSecondStep(setup ? { setup } : {});
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
      <div role="group" className={mergeClasses(styles.card, secondStep?.setup && styles.wideCard)} aria-labelledby="login-title">
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
          <Suspense fallback={null}>
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
          </Suspense>
        )}
        {!secondStep && (
          <form className={styles.form} onSubmit={(event) => void submit(event)} onFocus={preloadOnce} noValidate>
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
      </div>
    </main>
  );
}
