import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { NoteRegular, PeopleListRegular, WarningRegular } from '@fluentui/react-icons';
import { useEffect } from 'react';
import { errorMessage } from '../../components/api';
import { useCurrentUser } from '../../components/auth';
import { useNotify } from '../../components/feedback';
import { PageHeader } from '../../components/layout';
import { LinkTileGrid } from '../../components/navigation';
import { useMyLeadsSummary } from './api';

const useStyles = makeStyles({
  stats: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalXXL,
  },
  stat: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
  },
  icon: { fontSize: '28px', color: tokens.colorBrandForeground1 },
  value: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold },
  label: { color: tokens.colorNeutralForeground3 },
});

/** /crm: the sales agent's home: how many leads they have, and the way to them. */
export default function WorkspaceScreen() {
  const styles = useStyles();
  const notify = useNotify();
  const user = useCurrentUser();
  const { data, error } = useMyLeadsSummary();
  useEffect(() => {
    if (error) notify.error(errorMessage(error), 'Failed to load your figures');
  }, [error, notify]);
  const figure = (value: number | undefined) => (value === undefined ? '…' : value.toLocaleString());
  const stats = [
    { label: 'Leads assigned to you', value: data?.total, icon: <PeopleListRegular /> },
    { label: 'Leads with notes', value: data?.withNotes, icon: <NoteRegular /> },
    { label: 'Flagged as duplicates', value: data?.duplicates, icon: <WarningRegular /> },
  ];
  return (
    <>
      <PageHeader title="Workspace" description={`Welcome, ${user.name.split(' ')[0]}. Here is where your leads stand.`} />
      <div className={styles.stats}>
        {stats.map((stat) => (
          <div key={stat.label} className={styles.stat} data-testid="workspace-stat">
            <span className={styles.icon} aria-hidden="true">
              {stat.icon}
            </span>
            <span>
              <Text as="p" block className={styles.value}>
                {figure(stat.value)}
              </Text>
              <Text className={styles.label}>{stat.label}</Text>
            </span>
          </div>
        ))}
      </div>
      <LinkTileGrid
        label="Workspace"
        tiles={[
          {
            to: '/crm/leads',
            title: 'My leads',
            description: 'Search your leads, call them and keep notes.',
            icon: <PeopleListRegular />,
            testId: 'tile-my-leads',
          },
        ]}
      />
    </>
  );
}
