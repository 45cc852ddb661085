import { GroupedVerticalBarChart } from '@fluentui/react-charts';
import { tokens } from '@fluentui/react-components';
import type { SalesAgentReportRow } from '@backoffice/contracts';

/* Loaded lazily by the sales agent report: the charts library stays out of the console's first download. */

/** Leads assigned and leads converted, one group of bars per agent. */
export default function SalesAgentChart({ rows }: { rows: readonly SalesAgentReportRow[] }) {
  return (
    <GroupedVerticalBarChart
      chartTitle="Leads assigned and converted per sales agent"
      height={280}
      barWidth="auto"
      wrapXAxisLables
      data={rows.map((row) => ({
        name: row.name,
        series: [
          { key: 'assigned', data: row.leadsAssigned, legend: 'Leads assigned', color: tokens.colorBrandBackground },
          { key: 'converted', data: row.convertedLeads, legend: 'Became clients', color: tokens.colorPaletteGreenBorderActive },
        ],
      }))}
    />
  );
}
