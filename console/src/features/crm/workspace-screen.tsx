import { Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import {
  CalendarClockRegular,
  CalendarErrorRegular,
  CheckmarkStarburstRegular,
  NoteRegular,
  PeopleListRegular,
  PersonAddRegular,
  WarningRegular,
} from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import type { PipelineCard } from '@backoffice/contracts';
import { useCurrentUser } from '../../components/auth';
import { useErrorToast } from '../../components/feedback';
import { PageHeader } from '../../components/layout';
import { LinkTileGrid } from '../../components/navigation';
import { CARD_LABELS } from './pipeline-filters';
import { useMyLeadsSummary } from './pipeline-api';

const useStyles = makeStyles({
  stats: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(220px, calc(50% - 8px)), 1fr))',
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
    color: 'inherit',
    textDecorationLine: 'none',
  },
  card: {
    ':hover': { boxShadow: tokens.shadow8, backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  icon: { fontSize: '28px', color: tokens.colorBrandForeground1 },
  alert: { color: tokens.colorPaletteRedForeground1 },
  value: { margin: 0, fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold },
  label: { color: tokens.colorNeutralForeground3 },
  heading: { display: 'block', marginBottom: tokens.spacingVerticalM },
});

const CARD_ICONS: Record<PipelineCard, ReactElement> = {
  dueToday: <CalendarClockRegular />,
  overdue: <CalendarErrorRegular />,
  newThisWeek: <PersonAddRegular />,
  convertedThisMonth: <CheckmarkStarburstRegular />,
};

/** /crm: the sales agent's home: the pipeline cards (each opens the list filtered), their totals and the way to their leads. */
export default function WorkspaceScreen() {
  const styles = useStyles();
  const user = useCurrentUser();
  const { data, error } = useMyLeadsSummary();
  useErrorToast(error, 'Failed to load your figures');
  const figure = (value: number | undefined) => (value === undefined ? '…' : value.toLocaleString());
  const stats = [
    { label: 'Leads assigned to you', value: data?.total, icon: <PeopleListRegular /> },
    { label: 'Leads with notes', value: data?.withNotes, icon: <NoteRegular /> },
    { label: 'Flagged as duplicates', value: data?.duplicates, icon: <WarningRegular /> },
  ];
  const cards = (Object.keys(CARD_ICONS) as PipelineCard[]).map((card) => ({ card, value: data?.[card] }));
  return (
    <>
      <PageHeader title="Workspace" description={`Welcome, ${user.name.split(' ')[0]}. Here is where your leads stand.`} />
      <Text weight="semibold" size={400} as="h2" className={styles.heading}>
        Pipeline
      </Text>
      <nav className={styles.stats} aria-label="Pipeline">
        {cards.map(({ card, value }) => (
          <Link
            key={card}
            to={`/crm/leads?card=${card}`}
            className={mergeClasses(styles.stat, styles.card)}
            data-testid={`pipeline-card-${card}`}
          >
            <span className={mergeClasses(styles.icon, card === 'overdue' && !!value && styles.alert)} aria-hidden="true">
              {CARD_ICONS[card]}
            </span>
            <span>
              <Text as="p" block className={styles.value}>
                {figure(value)}
              </Text>
              <Text className={styles.label}>{CARD_LABELS[card]}</Text>
            </span>
          </Link>
        ))}
      </nav>
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
            description: 'Work your pipeline: call, email, plan follow-ups and keep notes.',
            icon: <PeopleListRegular />,
            testId: 'tile-my-leads',
          },
        ]}
      />
    </>
  );
}
