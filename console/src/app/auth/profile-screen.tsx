import { AUTH_PATHS } from '@backoffice/contracts';
import { Avatar, Badge, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { Profile } from '@backoffice/contracts';
import { useApi } from '../../components/api';
import { ErrorBar, PageSpinner } from '../../components/feedback';
import { formatDate } from '../../components/format';
import { PageHeader } from '../../components/layout';
import { TwoFactorCard } from '../../features/identity/two-factor/two-factor-card';

const useStyles = makeStyles({
  card: { maxWidth: '720px', padding: tokens.spacingHorizontalXXL, rowGap: tokens.spacingVerticalXL },
  identity: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL },
  identityText: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXXS, minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  details: {
    display: 'grid',
    gridTemplateColumns: '160px 1fr',
    alignItems: 'center',
    rowGap: tokens.spacingVerticalM,
    columnGap: tokens.spacingHorizontalL,
    margin: 0,
    paddingTop: tokens.spacingVerticalL,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  term: { color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightSemibold },
  value: { margin: 0, overflowWrap: 'anywhere' },
  roles: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

export default function ProfileScreen() {
  const styles = useStyles();
  const { data: profile, error, isLoading, mutate } = useApi<Profile>(AUTH_PATHS.profile);

  return (
    <>
      <PageHeader title="Your profile" />
      {isLoading && <PageSpinner />}
      {error && !profile && <ErrorBar title="Your profile could not be loaded" error={error} onRetry={() => void mutate()} />}
      {profile && (
        <Card className={styles.card} data-testid="profile">
          <div className={styles.identity}>
            <Avatar name={profile.name} size={72} color="colorful" />
            <div className={styles.identityText}>
              <Text size={600} weight="semibold">
                {profile.name}
              </Text>
              <Text className={styles.muted}>{profile.email}</Text>
            </div>
          </div>
          <dl className={styles.details}>
            <dt className={styles.term}>Name</dt>
            <dd className={styles.value} data-testid="profile-name">
              {profile.name}
            </dd>
            <dt className={styles.term}>Email</dt>
            <dd className={styles.value} data-testid="profile-email">
              {profile.email}
            </dd>
            <dt className={styles.term}>Username</dt>
            <dd className={styles.value} data-testid="profile-username">
              {profile.username}
            </dd>
            <dt className={styles.term}>Roles</dt>
            <dd className={styles.value}>
              <div className={styles.roles} data-testid="profile-roles">
                {profile.roles.length === 0 && <Text className={styles.muted}>No roles</Text>}
                {profile.roles.map((role) => (
                  <Badge key={role} appearance="tint" shape="rounded" size="large">
                    {role}
                  </Badge>
                ))}
              </div>
            </dd>
            <dt className={styles.term}>Member since</dt>
            <dd className={styles.value} data-testid="profile-member-since">
              <time dateTime={profile.createdAt}>{formatDate(profile.createdAt, 'long-date')}</time>
            </dd>
          </dl>
        </Card>
      )}
      {profile && <TwoFactorCard />}
    </>
  );
}
