import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import {
  Button,
  Card,
  Field,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Skeleton,
  SkeletonItem,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DatePicker } from '@fluentui/react-datepicker-compat';
import { ArrowDownloadRegular, PeopleSearchRegular } from '@fluentui/react-icons';
import type { SalesAgentFigures, SalesAgentReport } from '@backoffice/contracts';
import { errorMessage } from '../../components/api';
import { useFormatMoney } from '../../components/config';
import { EmptyState, useNotify } from '../../components/feedback';
import { formatDate } from '../../components/format';
import { PageHeader } from '../../components/layout';
import { downloadSalesAgentCsv, useSalesAgentReport, type SalesAgentReportPeriod } from './api';
import { formatPickerDate, parsePickerDate, startOfDay, startOfMonth, toIsoDay } from './settlement-dates';

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
  filters: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalL,
  },
  picker: { width: '190px' },
  pickerInput: { width: '100%', minWidth: 0 },
  period: { marginTop: '32px', color: tokens.colorNeutralForeground3 },
  panel: { padding: 0, overflow: 'hidden' },
  scroll: { overflowX: 'auto' },
  number: { textAlign: 'right', justifyContent: 'flex-end', fontVariantNumeric: 'tabular-nums' },
  numberHeader: { justifyContent: 'flex-end', textAlign: 'right' },
  agent: { display: 'flex', flexDirection: 'column', minWidth: 0, paddingBlock: tokens.spacingVerticalXS },
  secondary: { color: tokens.colorNeutralForeground3 },
  totals: {
    backgroundColor: tokens.colorNeutralBackground2,
    fontWeight: tokens.fontWeightSemibold,
    borderTop: `2px solid ${tokens.colorNeutralStroke1}`,
    ':hover': { backgroundColor: tokens.colorNeutralBackground2 },
  },
  note: { display: 'block', marginTop: tokens.spacingVerticalM, color: tokens.colorNeutralForeground3 },
  skeletonCell: { width: '100%' },
});

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

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
  const notify = useNotify();
  const today = useMemo(() => startOfDay(new Date()), []);
  const [from, setFrom] = useState<Date | null>(() => startOfMonth(today));
  const [to, setTo] = useState<Date | null>(today);
  const [exporting, setExporting] = useState(false);

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

  useEffect(() => {
    if (report.error) notify.error(errorMessage(report.error), 'Sales agent report');
  }, [report.error, notify]);

  const exportCsv = async () => {
    if (!period) return;
    setExporting(true);
    try {
      await downloadSalesAgentCsv(period);
    } catch (error) {
      notify.error(errorMessage(error), 'Export');
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Sales agent report"
        description="Leads assigned to each sales agent in a period, how many became clients, and their orders."
        back={{ to: '/admin/reports', label: 'Back to reports' }}
        actions={
          <Button
            icon={exporting ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
            disabled={!period || loading || exporting || !report.data}
            onClick={() => void exportCsv()}
          >
            Export CSV
          </Button>
        }
      />
      <div className={styles.filters} role="search" aria-label="Report period">
        <Field label="From" className={styles.picker}>
          <DatePicker
            className={styles.pickerInput}
            value={from}
            maxDate={today}
            onSelectDate={(date) => setFrom(date ?? null)}
            onValidationResult={(data) => setFuture((f) => ({ ...f, from: data.error === 'out-of-bounds' }))}
            allowTextInput
            formatDate={formatPickerDate}
            parseDateFromString={(text) => parsePickerDate(text)}
            placeholder="MM/DD/YYYY"
            showGoToToday
          />
        </Field>
        <Field
          label="To"
          className={styles.picker}
          validationMessage={rangeError ?? undefined}
          validationState={rangeError ? 'warning' : 'none'}
        >
          <DatePicker
            className={styles.pickerInput}
            value={to}
            maxDate={today}
            onSelectDate={(date) => setTo(date ?? null)}
            onValidationResult={(data) => setFuture((f) => ({ ...f, to: data.error === 'out-of-bounds' }))}
            allowTextInput
            formatDate={formatPickerDate}
            parseDateFromString={(text) => parsePickerDate(text)}
            placeholder="MM/DD/YYYY"
            showGoToToday
          />
        </Field>
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
      </div>

      {report.error && !loading && (
        <MessageBar intent="error" style={{ marginBottom: tokens.spacingVerticalL }}>
          <MessageBarBody>
            <MessageBarTitle>The report could not be loaded</MessageBarTitle>
            {errorMessage(report.error)}
          </MessageBarBody>
        </MessageBar>
      )}

      <Card className={styles.panel}>
        {loading ? (
          <PlaceholderTable />
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
            <FiguresTable report={report.data} />
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

function FiguresTable({ report }: { report: SalesAgentReport }) {
  const styles = useStyles();
  const money = useFormatMoney();
  const figures = (f: SalesAgentFigures) => [
    f.leadsAssigned.toLocaleString(),
    f.convertedLeads.toLocaleString(),
    conversion(f),
    f.orders.toLocaleString(),
    money(f.orderAmount),
    money(f.paidAmount),
    f.leadsAssigned ? `${f.pipelineConverted.toLocaleString()} (${Math.round(f.pipelineConversion * 1000) / 10}%)` : '—',
  ];
  return (
    <div className={styles.scroll}>
      <Table aria-label="Sales agent figures" style={{ minWidth: '940px' }}>
        <ColumnHeaders />
        <TableBody>
          {report.rows.map((row) => (
            <TableRow key={row.userId} data-testid={`agent-${row.userId}`}>
              <TableCell>
                <span className={styles.agent}>
                  <Text weight="semibold" truncate wrap={false}>
                    {row.name}
                  </Text>
                  <Text size={200} className={styles.secondary} truncate wrap={false}>
                    {row.email}
                  </Text>
                </span>
              </TableCell>
              {figures(row).map((value, index) => (
                <TableCell key={COLUMNS[index + 1]} className={styles.number}>
                  {value}
                </TableCell>
              ))}
            </TableRow>
          ))}
          <TableRow className={styles.totals} data-testid="agent-totals">
            <TableCell>Total</TableCell>
            {figures(report.totals).map((value, index) => (
              <TableCell key={COLUMNS[index + 1]} className={styles.number}>
                {value}
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </div>
  );
}

/** The figures' column headers: the agent, then numbers aligned right. */
function ColumnHeaders() {
  const styles = useStyles();
  return (
    <TableHeader>
      <TableRow>
        {COLUMNS.map((column, index) =>
          index === 0 ? (
            <TableHeaderCell key={column} style={{ width: '24%' }}>
              {column}
            </TableHeaderCell>
          ) : (
            <TableHeaderCell key={column} className={styles.number} button={{ className: styles.numberHeader }}>
              {column}
            </TableHeaderCell>
          ),
        )}
      </TableRow>
    </TableHeader>
  );
}

/** The loading state: the table's columns over a placeholder of five rows. */
function PlaceholderTable() {
  const styles = useStyles();
  return (
    <div className={styles.scroll} aria-busy="true">
      <Table aria-label="Loading the sales agent figures" style={{ minWidth: '860px' }}>
        <ColumnHeaders />
        <TableBody>
          {Array.from({ length: PLACEHOLDER_ROWS }, (_, row) => (
            <TableRow key={row} data-testid="placeholder-row">
              {COLUMNS.map((column) => (
                <TableCell key={column}>
                  <Skeleton className={styles.skeletonCell} aria-label="Loading">
                    <SkeletonItem size={16} />
                  </Skeleton>
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
