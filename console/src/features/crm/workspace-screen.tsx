import { lazy, Suspense, type ReactElement } from 'react';
import { Card, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import {
  ArrowTrendingRegular,
  CalendarClockRegular,
  CalendarErrorRegular,
  CheckmarkStarburstRegular,
  FilterRegular,
  NoteRegular,
  PeopleListRegular,
  PersonAddRegular,
  WarningRegular,
} from '@fluentui/react-icons';
import { LEAD_STAGES, type PipelineCard } from '@backoffice/contracts';
import { useCurrentUser } from '../../components/auth';
import { useErrorToast } from '../../components/feedback';
import { PageHeader } from '../../components/layout';
import { FigureGrid, LinkTileGrid, type Figure } from '../../components/navigation';
import { CARD_LABELS } from './pipeline-filters';
import { useMyActivity, useMyLeadsSummary } from './pipeline-api';

const useStyles = makeStyles({
  heading: { display: 'block', marginBottom: tokens.spacingVerticalM },
  chart: { marginBottom: tokens.spacingVerticalXXL, minWidth: 0 },
});

const ActivityChart = lazy(() => import('./activity-chart'));

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
  const activity = useMyActivity();
  useErrorToast(error, 'Failed to load your figures');
  const total = data?.total;
  const converted = data?.byStage.Converted;
  const figures: Figure[] = [
    { label: 'Leads assigned to you', value: total, icon: <PeopleListRegular />, testId: 'workspace-stat' },
    { label: 'Leads with notes', value: data?.withNotes, icon: <NoteRegular />, testId: 'workspace-stat' },
    { label: 'Flagged as duplicates', value: data?.duplicates, icon: <WarningRegular />, testId: 'workspace-stat' },
    {
      label: 'Converted of all your leads',
      value: total === undefined || converted === undefined ? undefined : total ? `${Math.round((converted / total) * 100)} %` : '—',
      icon: <ArrowTrendingRegular />,
      testId: 'workspace-conversion',
    },
  ];
  const pipeline: Figure[] = (Object.keys(CARD_ICONS) as PipelineCard[]).map((card) => ({
    label: CARD_LABELS[card],
    value: data?.[card],
    icon: CARD_ICONS[card],
    to: `/crm/leads?card=${card}`,
    alert: card === 'overdue',
    testId: `pipeline-card-${card}`,
  }));
  const stages: Figure[] = LEAD_STAGES.map((stage) => ({
    label: stage,
    value: data?.byStage[stage],
    icon: <FilterRegular />,
    to: `/crm/leads?stage=${stage}`,
    testId: `stage-count-${stage}`,
  }));
  return (
    <>
      <PageHeader title="Workspace" description={`Welcome, ${user.name.split(' ')[0]}. Here is where your leads stand.`} />
      <Text weight="semibold" size={400} as="h2" className={styles.heading}>
        Pipeline
      </Text>
      <FigureGrid label="Pipeline" figures={pipeline} />
      <Text weight="semibold" size={400} as="h2" className={styles.heading}>
        By stage
      </Text>
      <FigureGrid label="Leads by stage" figures={stages} />
      <FigureGrid label="Your leads" figures={figures} />
      <Card className={styles.chart} data-testid="workspace-activity">
        <Text weight="semibold" size={400} as="h2">
          Your last 30 days
        </Text>
        {activity.data ? (
          <Suspense fallback={<Spinner size="small" label="Loading the chart…" />}>
            <ActivityChart activity={activity.data} />
          </Suspense>
        ) : activity.error ? (
          <Text>The activity could not be loaded.</Text>
        ) : (
          <Spinner size="small" label="Loading your activity…" />
        )}
      </Card>
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
