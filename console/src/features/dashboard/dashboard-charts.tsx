import { DonutChart, HorizontalBarChartWithAxis, VerticalBarChart } from '@fluentui/react-charts';
import { tokens } from '@fluentui/react-components';
import type { ClientServiceStatus, LeadsPerAgent, RevenueDay } from '@backoffice/contracts';
import { CHART_HEIGHT } from './dashboard-figures';

/* Loaded lazily by the dashboard: the charts library stays out of the console's first download. */

const STATUS_COLORS: Record<ClientServiceStatus, string> = {
  Created: tokens.colorPaletteBlueBorderActive,
  Verified: tokens.colorPaletteTealBorderActive,
  Filled: tokens.colorPaletteMarigoldBorderActive,
  Completed: tokens.colorPaletteGreenBorderActive,
  Cancelled: tokens.colorNeutralStrokeAccessible,
};

export function RevenueChart({ days }: { days: readonly RevenueDay[] }) {
  return (
    <VerticalBarChart
      chartTitle="Revenue per day, last 30 days"
      height={CHART_HEIGHT}
      hideLegend
      barWidth="auto"
      maxBarWidth={18}
      wrapXAxisLables
      data={days.map((day) => ({
        x: day.date.slice(5),
        y: Number(day.amount),
        legend: 'Revenue',
        color: tokens.colorBrandBackground,
        xAxisCalloutData: day.date,
        yAxisCalloutData: day.amount,
      }))}
    />
  );
}

export function StatusChart({ byStatus }: { byStatus: Record<ClientServiceStatus, number> }) {
  const total = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
  return (
    <DonutChart
      height={240}
      innerRadius={60}
      valueInsideDonut={total}
      data={{
        chartTitle: 'Client services by status',
        chartData: (Object.keys(byStatus) as ClientServiceStatus[]).map((status) => ({
          legend: status,
          data: byStatus[status],
          color: STATUS_COLORS[status],
        })),
      }}
    />
  );
}

export function AgentsChart({ agents }: { agents: readonly LeadsPerAgent[] }) {
  return (
    <HorizontalBarChartWithAxis
      chartTitle="Leads per sales agent"
      height={Math.max(160, agents.length * 36 + 60)}
      hideLegend
      data={agents.map((agent) => ({ x: agent.leads, y: agent.name, legend: agent.name, color: tokens.colorBrandBackground }))}
    />
  );
}
