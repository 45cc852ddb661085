import { useState, type FormEvent } from 'react';
import {
  Badge,
  Button,
  Card,
  MessageBar,
  MessageBarBody,
  Skeleton,
  SkeletonItem,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ShieldKeyholeRegular } from '@fluentui/react-icons';
import type { TwoFactorSetup } from '@backoffice/contracts';
import { errorMessage, fieldErrors } from '../../../components/api';
import { ErrorBar, useNotify } from '../../../components/feedback';
import { formatDate } from '../../../components/format';
import { beginTwoFactorSetup, disableTwoFactor, enableTwoFactor, renewRecoveryCodes, useTwoFactorStatus } from '../api';
import { AuthenticatorSetup } from './authenticator-setup';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { useOneTimeCode } from './use-one-time-code';

const useStyles = makeStyles({
  card: { maxWidth: '720px', marginTop: tokens.spacingVerticalXL, padding: tokens.spacingHorizontalXXL, rowGap: tokens.spacingVerticalL },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  icon: { fontSize: '24px', color: tokens.colorBrandForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  form: { display: 'flex', alignItems: 'flex-end', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  code: { width: '260px' },
});

type Mode =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'confirm'; action: 'disable' | 'renew' };

/** The signed-in user's two-factor sign-in on their profile: set it up, renew recovery codes, turn it off. */
export function TwoFactorCard() {
  const styles = useStyles();
  const notify = useNotify();
  const { data: status, error, mutate } = useTwoFactorStatus();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const otpCode = useOneTimeCode();
  const [working, setWorking] = useState(false);

  const reset = (next: Mode = { kind: 'idle' }) => {
    setMode(next);
    otpCode.clear();
  };

  const run = async (work: () => Promise<void>, failureTitle: string) => {
    setWorking(true);
    try {
      await work();
    } catch (failure) {
      const byField = fieldErrors(failure);
      if (byField.code) {
        otpCode.refuse(byField.code);
      } else {
        notify.error(errorMessage(failure), failureTitle);
      }
    } finally {
      setWorking(false);
    }
  };

  const start = () => run(async () => reset({ kind: 'setup', setup: await beginTwoFactorSetup() }), 'Could not start the set-up');

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (working) return;
    const code = otpCode.code;
    if (!code) return otpCode.refuse('Enter the code from your authenticator app');
    if (mode.kind === 'setup') {
      void run(async () => {
        const { recoveryCodes } = await enableTwoFactor(code);
        notify.success('You will be asked for a code from your app when you sign in.', 'Two-factor sign-in is on');
        reset({ kind: 'codes', codes: recoveryCodes });
      }, 'Could not turn on two-factor sign-in');
    } else if (mode.kind === 'confirm' && mode.action === 'renew') {
      void run(async () => {
        const { recoveryCodes } = await renewRecoveryCodes(code);
        reset({ kind: 'codes', codes: recoveryCodes });
      }, 'Could not renew the recovery codes');
    } else if (mode.kind === 'confirm') {
      void run(async () => {
        await disableTwoFactor(code);
        notify.success('You sign in with your password alone.', 'Two-factor sign-in is off');
        reset();
      }, 'Could not turn off two-factor sign-in');
    }
  };

  const codeForm = (label: string, submitLabel: string, hint?: string) => (
    <form className={styles.form} onSubmit={submitCode} noValidate>
      {otpCode.field({ label, hint, name: 'code', className: styles.code })}
      <Button type="submit" appearance="primary" disabled={working} icon={working ? <Spinner size="tiny" /> : undefined}>
        {submitLabel}
      </Button>
      <Button onClick={() => reset()} disabled={working}>
        Cancel
      </Button>
    </form>
  );

  return (
    <Card className={styles.card} aria-labelledby="two-factor-title" data-testid="two-factor-card">
      <div className={styles.header}>
        <ShieldKeyholeRegular className={styles.icon} aria-hidden="true" />
        <Text as="h2" id="two-factor-title" size={500} weight="semibold" style={{ margin: 0 }}>
          Two-factor sign-in
        </Text>
        {status && (
          <Badge appearance="filled" color={status.enabled ? 'success' : 'subtle'} shape="rounded">
            {status.enabled ? 'On' : 'Off'}
          </Badge>
        )}
      </div>

      {!status && !error && (
        <Skeleton aria-label="Loading">
          <SkeletonItem />
          <SkeletonItem />
        </Skeleton>
      )}
      {error && !status && <ErrorBar title="Two-factor sign-in could not be loaded" error={error} onRetry={() => void mutate()} />}

      {status && mode.kind === 'idle' && !status.enabled && (
        <TwoFactorOff required={status.required} working={working} onStart={() => void start()} />
      )}
      {status && mode.kind === 'idle' && status.enabled && (
        <TwoFactorOn
          status={status}
          onRenew={() => reset({ kind: 'confirm', action: 'renew' })}
          onDisable={() => reset({ kind: 'confirm', action: 'disable' })}
        />
      )}

      {mode.kind === 'setup' && (
        <>
          <AuthenticatorSetup setup={mode.setup} />
          {codeForm('Code from the app', 'Turn on', 'The 6-digit code the app shows now.')}
        </>
      )}

      {mode.kind === 'confirm' &&
        codeForm(
          'Code from your app, or a recovery code',
          mode.action === 'disable' ? 'Turn off' : 'Get new codes',
          mode.action === 'renew' ? 'Your current recovery codes stop working.' : undefined,
        )}

      {mode.kind === 'codes' && <RecoveryCodesPanel codes={mode.codes} doneLabel="Done" onDone={() => reset()} />}
    </Card>
  );
}

/** Off: why to turn it on (and that the role requires it), and Set up. */
function TwoFactorOff({ required, working, onStart }: { required: boolean; working: boolean; onStart(): void }) {
  const styles = useStyles();
  return (
    <>
      {required && (
        <MessageBar intent="warning">
          <MessageBarBody>
            Your role requires two-factor sign-in. Set it up now, or you will be asked to at your next sign-in.
          </MessageBarBody>
        </MessageBar>
      )}
      <Text className={styles.muted}>
        Protect your account with a one-time code from an authenticator app on your phone, asked for after your password.
      </Text>
      <div className={styles.row}>
        <Button appearance="primary" onClick={onStart} disabled={working} icon={working ? <Spinner size="tiny" /> : undefined}>
          Set up two-factor sign-in
        </Button>
      </div>
    </>
  );
}

interface TwoFactorOnProps {
  status: NonNullable<ReturnType<typeof useTwoFactorStatus>['data']>;
  onRenew(): void;
  onDisable(): void;
}

/** On: since when, the recovery codes left, New recovery codes and Turn off. */
function TwoFactorOn({ status, onRenew, onDisable }: TwoFactorOnProps) {
  const styles = useStyles();
  return (
    <>
      <Text>
        On since {formatDate(status.enabledAt, 'long-date')}. You have <Text weight="semibold">{status.recoveryCodesLeft}</Text> unused
        recovery code{status.recoveryCodesLeft === 1 ? '' : 's'}.
      </Text>
      {status.recoveryCodesLeft <= 3 && (
        <MessageBar intent="warning">
          <MessageBarBody>Few recovery codes are left: get new ones.</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.row}>
        <Button onClick={onRenew}>New recovery codes</Button>
        <Button onClick={onDisable} disabled={status.required}>
          Turn off
        </Button>
        {status.required && (
          <Text size={200} className={styles.muted}>
            Required for your role: it cannot be turned off.
          </Text>
        )}
      </div>
    </>
  );
}
