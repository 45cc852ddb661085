import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Card, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { PeopleSearchRegular } from '@fluentui/react-icons';
import type { SalesAgentFigures, SalesAgentReport } from '@backoffice/contracts';
import { useFormatMoney } from '../../components/config';
import { EmptyState, ErrorBar, useErrorToast } from '../../components/feedback';
import { browserTimeZone, formatDate } from '../../components/format';
import { ExportButton, PageHeader } from '../../components/layout';
import { DataTable, StackedCell, type DataTableColumn } from '../../components/table';
import { downloadSalesAgentCsv, useSalesAgentReport, type SalesAgentReportPeriod } from './api';
import { PeriodFilters, usePeriodDays } from './period-filters';
import { toIsoDay } from './settlement-dates';
import { RangePresets, rangeProblem } from './range-presets';

const SalesAgentChart = lazy(() => import('./sales-agent-chart'));

/** The report's loading state (docs/product.md): at least this long, as a placeholder table of this many rows. */
const LOADING_MS = 300;
const PLACEHOLDER_ROWS = 5;

const COLUMNS = [
  'Sales agent',
  'Leads assigned',
  'Converted leads',
  'Conversion',
  'Orders',
  'Order amount',
  'Paid amount',
  'Pipeline conversion',
] as const;

const useStyles = makeStyles({
  period: { marginTop: '32px', color: tokens.colorNeutralForeground3 },
  panel: { padding: 0, overflow: 'hidden' },
  embedded: { boxShadow: 'none', borderRadius: 0 },
  number: { display: 'block', textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  totals: {
    backgroundColor: tokens.colorNeutralBackground2,
    fontWeight: tokens.fontWeightSemibold,
    borderTop: `2px solid ${tokens.colorNeutralStroke1}`,
    ':hover': { backgroundColor: tokens.colorNeutralBackground2 },
  },
  note: { display: 'block', marginTop: tokens.spacingVerticalM, color: tokens.colorNeutralForeground3 },
});

const conversion = (figures: SalesAgentFigures) =>
  figures.leadsAssigned ? `${Math.round((figures.convertedLeads / figures.leadsAssigned) * 1000) / 10}%` : '—';

/** True from the moment `key` changes until LOADING_MS later: the loading state is shown at least that long, so it never flickers. */
function useMinimumLoading(key: string | null): boolean {
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), LOADING_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return key !== null && settled !== key;
}

/** /admin/salesagent-report: per sales agent, leads assigned in a period, those that became clients, and their orders. */
export default function SalesAgentReportScreen() {
  const styles = useStyles();
  const days = usePeriodDays();
  const { today, from, setFrom, to, setTo } = days;

  // A typed date after today is kept out by the picker (maxDate), which reports it: say why.
  const [future, setFuture] = useState<{ from: boolean; to: boolean }>({ from: false, to: false });
  const rangeError = future.from || future.to ? 'Dates cannot be in the future.' : rangeProblem(from, to, today);
  const period = useMemo<SalesAgentReportPeriod | null>(
    () =>
      from && to && !future.from && !future.to && !rangeProblem(from, to, today)
        ? { from: toIsoDay(from), to: toIsoDay(to), tz: browserTimeZone() }
        : null,
    [from, to, today, future],
  );
  const report = useSalesAgentReport(period);
  const holding = useMinimumLoading(period ? `${period.from}/${period.to}` : null);
  const loading = period !== null && (holding || report.isLoading);

  useErrorToast(report.error, 'Sales agent report');

  return (
    <>
      <PageHeader
        title="Sales agent report"
        description="Leads assigned to each sales agent in a period, how many became clients, and their orders."
        back={{ to: '/admin/reports', label: 'Back to reports' }}
        actions={
          <ExportButton
            run={() => (period ? downloadSalesAgentCsv(period) : Promise.resolve())}
            failureTitle="Export"
            disabled={!period || loading || !report.data}
          >
            Export CSV
          </ExportButton>
        }
      />
      <PeriodFilters
        label="Report period"
        days={days}
        warning={rangeError}
        onOutOfBounds={(field, outside) => setFuture((f) => ({ ...f, [field]: outside }))}
      >
        <RangePresets
          onPick={(nextFrom, nextTo) => {
            setFuture({ from: false, to: false });
            setFrom(nextFrom);
            setTo(nextTo);
          }}
        />
        {period && (
          <Text size={200} className={styles.period}>
            {formatDate(`${period.from}T00:00:00`)} – {formatDate(`${period.to}T00:00:00`)} ({period.tz})
          </Text>
        )}
      </PeriodFilters>

      {report.error && !loading && (
        <ErrorBar title="The report could not be loaded" error={report.error} style={{ marginBottom: tokens.spacingVerticalL }} />
      )}

      <Card className={styles.panel}>
        {loading ? (
          <FiguresTable loading />
        ) : !period ? (
          <EmptyState icon={<PeopleSearchRegular />} text="Choose a period to see the figures." />
        ) : !report.data || report.data.rows.length === 0 ? (
          <EmptyState
            icon={<PeopleSearchRegular />}
            text={report.error ? 'No figures to show.' : 'No leads were assigned to sales agents in this period.'}
          />
        ) : (
          <>
            <Suspense fallback={<Spinner size="small" label="Loading the chart…" />}>
              <SalesAgentChart rows={report.data.rows} />
            </Suspense>
            <FiguresTable report={report.data} loading={false} />
          </>
        )}
      </Card>
      <Text size={200} className={styles.note}>
        A lead became a client when an order was placed with its phone number or email after it was assigned to the agent (however late). An
        order counts once per agent; paid amounts are those of orders paid in full. Pipeline conversion: the leads the agent moved to the
        Converted stage, and their share of the leads assigned.
      </Text>
    </>
  );
}

/** A row of the figures table: an agent, or the totals under them. */
type FiguresRow = SalesAgentFigures & { userId: string; name: string; email: string; total?: boolean };

function useFigureColumns(): DataTableColumn<FiguresRow>[] {
  const styles = useStyles();
  const money = useFormatMoney();
  return useMemo(() => {
    const number = (
      id: string,
      header: (typeof COLUMNS)[number],
      value: (f: SalesAgentFigures) => string,
    ): DataTableColumn<FiguresRow> => ({
      id,
      header,
      width: 110,
      render: (row) => <span className={styles.number}>{value(row)}</span>,
    });
    return [
      {
        id: 'agent',
        header: COLUMNS[0],
        width: 220,
        card: 'title',
        render: (row) => (row.total ? 'Total' : <StackedCell main={<Text weight="semibold">{row.name}</Text>} detail={row.email} />),
      },
      number('leads', COLUMNS[1], (f) => f.leadsAssigned.toLocaleString()),
      number('converted', COLUMNS[2], (f) => f.convertedLeads.toLocaleString()),
      number('conversion', COLUMNS[3], conversion),
      number('orders', COLUMNS[4], (f) => f.orders.toLocaleString()),
      number('order-amount', COLUMNS[5], (f) => money(f.orderAmount)),
      number('paid-amount', COLUMNS[6], (f) => money(f.paidAmount)),
      number('pipeline', COLUMNS[7], (f) =>
        f.leadsAssigned ? `${f.pipelineConverted.toLocaleString()} (${Math.round(f.pipelineConversion * 1000) / 10}%)` : '—',
      ),
    ];
  }, [styles, money]);
}

/** The agents' figures with their totals as the last row; while loading, the same columns over placeholder rows. */
function FiguresTable({ report, loading }: { report?: SalesAgentReport; loading: boolean }) {
  const styles = useStyles();
  const columns = useFigureColumns();
  const rows = useMemo<FiguresRow[] | undefined>(
    () => report && [...report.rows, { ...report.totals, userId: 'totals', name: 'Total', email: '', total: true }],
    [report],
  );
  return (
    <DataTable<FiguresRow>
      label="Sales agent figures"
      noun="sales agent figures"
      className={styles.embedded}
      columns={columns}
      items={loading ? undefined : rows}
      loading={loading}
      placeholderRows={PLACEHOLDER_ROWS}
      getRowId={(row) => row.userId}
      getRowName={(row) => row.name}
      empty={{ text: 'No figures to show.' }}
      rowClassName={(row) => (row.total ? styles.totals : undefined)}
      rowAttributes={(row) => ({ 'data-testid': row.total ? 'agent-totals' : `agent-${row.userId}` })}
    />
  );
}
