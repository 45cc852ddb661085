import { useState } from 'react';
import {
  Card,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Skeleton,
  SkeletonItem,
  Switch,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ShieldKeyholeRegular } from '@fluentui/react-icons';
import { ApiError, errorMessage } from '../../../components/api';
import { useNotify } from '../../../components/feedback';
import { ButtonLink } from '../../../components/navigation';
import { saveIdentitySettings, useIdentitySettings } from '../api';

const useStyles = makeStyles({
  card: { marginTop: tokens.spacingVerticalXL, padding: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalS },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  icon: { fontSize: '20px', color: tokens.colorBrandForeground1 },
  hint: { color: tokens.colorNeutralForeground3 },
});

/** The Admin's security setting: two-factor sign-in required for Admin and Manager users. */
export function SecuritySettingsCard() {
  const styles = useStyles();
  const notify = useNotify();
  const { data, error } = useIdentitySettings();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const toggle = async (required: boolean) => {
    setSaving(true);
    setRefusal(null);
    try {
      await saveIdentitySettings({ twoFactorRequiredForStaff: required });
      notify.success(
        required ? 'Admin and Manager users now sign in with a one-time code.' : 'Two-factor sign-in is optional again.',
        'Security setting saved',
      );
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) setRefusal(errorMessage(failure));
      else notify.error(errorMessage(failure), 'Could not save the setting');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card className={styles.card} aria-labelledby="security-settings-title">
      <div className={styles.header}>
        <ShieldKeyholeRegular className={styles.icon} aria-hidden="true" />
        <Text id="security-settings-title" weight="semibold" size={400}>
          Sign-in security
        </Text>
      </div>
      {!data && !error && (
        <Skeleton aria-label="Loading the setting">
          <SkeletonItem />
        </Skeleton>
      )}
      {error && !data && (
        <MessageBar intent="error">
          <MessageBarBody>{errorMessage(error)}</MessageBarBody>
        </MessageBar>
      )}
      {data && (
        <Switch
          checked={data.twoFactorRequiredForStaff}
          disabled={saving}
          onChange={(_event, state) => void toggle(state.checked)}
          label="Require two-factor sign-in for Admin and Manager users"
        />
      )}
      <Text size={200} className={styles.hint}>
        When on, Admin and Manager users sign in with a code from an authenticator app; those who have not set it up do so at their next
        sign-in. Other staff can switch it on from their profile.
      </Text>
      {refusal && (
        <MessageBar intent="warning">
          <MessageBarBody>{refusal}</MessageBarBody>
          <MessageBarActions>
            <ButtonLink to="/auth/profile">Open your profile</ButtonLink>
          </MessageBarActions>
        </MessageBar>
      )}
    </Card>
  );
}
