import { LineChart } from '@fluentui/react-charts';
import { tokens } from '@fluentui/react-components';
import type { MyLeadsActivity } from '@backoffice/contracts';

/* Loaded lazily by the workspace: the charts library stays out of the console's first download. */

const SERIES = [
  { key: 'assigned', legend: 'Leads assigned', color: tokens.colorBrandBackground },
  { key: 'worked', legend: 'Notes, stages and follow-ups', color: tokens.colorPaletteMarigoldBorderActive },
  { key: 'converted', legend: 'Converted', color: tokens.colorPaletteGreenBorderActive },
] as const;

/** The agent's last 30 days: one line per figure, a point per day. */
export default function ActivityChart({ activity }: { activity: MyLeadsActivity }) {
  return (
    <LineChart
      height={260}
      data={{
        chartTitle: 'Your last 30 days',
        lineChartData: SERIES.map((series) => ({
          legend: series.legend,
          color: series.color,
          data: activity.days.map((entry) => ({ x: new Date(`${entry.day}T12:00:00`), y: entry[series.key] })),
        })),
      }}
    />
  );
}
