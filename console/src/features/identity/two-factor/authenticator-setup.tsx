import { Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { TwoFactorSetup } from '@backoffice/contracts';

const useStyles = makeStyles({
  root: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'flex-start' },
  qr: {
    width: '168px',
    height: '168px',
    flexShrink: 0,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: '#fff',
  },
  steps: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, minWidth: 0 },
  secret: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase400,
    letterSpacing: '0.06em',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    overflowWrap: 'anywhere',
    userSelect: 'all',
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** "ABCD EFGH …": the secret in groups of four, easier to type into an app. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** A new authenticator secret: its QR code, the secret as text and an otpauth:// link for apps on this device. */
export function AuthenticatorSetup({ setup, compact = false }: { setup: TwoFactorSetup; compact?: boolean }) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <img
        className={styles.qr}
        src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
        alt="QR code of the two-factor secret: scan it with your authenticator app"
        style={compact ? { width: '136px', height: '136px' } : undefined}
      />
      <div className={styles.steps}>
        <Text>Scan the QR code with an authenticator app (Microsoft Authenticator, Google Authenticator, 1Password…).</Text>
        <Text size={200} className={styles.muted}>
          Cannot scan it? Enter this key in the app:
        </Text>
        <Text className={styles.secret} data-testid="two-factor-secret" aria-label={`Secret key ${setup.secret.split('').join(' ')}`}>
          {groupedSecret(setup.secret)}
        </Text>
        <Link href={setup.otpauthUrl} inline={false}>
          Open in an authenticator app on this device
        </Link>
      </div>
    </div>
  );
}
