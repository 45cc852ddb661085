import { useMemo, useState } from 'react';
import { Badge, Button, Card, Spinner, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowSyncRegular, CreditCardClockRegular, ReceiptRegular } from '@fluentui/react-icons';
import {
  MAX_SETTLEMENT_DAYS,
  SETTLEMENT_RANGE_WARNING,
  invoiceNumberOf,
  batchTotals,
  periodTotals,
  type SettledBatch,
  type SettledTransaction,
  type SettlementTotals,
} from '@backoffice/contracts';
import { useFormatMoney } from '../../components/config';
import { EmptyState, ErrorBar, useErrorToast, useNotify } from '../../components/feedback';
import { formatDate } from '../../components/format';
import { PageHeader } from '../../components/layout';
import { TextLink } from '../../components/navigation';
import { DataTable, type DataTableColumn } from '../../components/table';
import { useSettledBatches, useSettledTransactions } from './api';
import { NotConfiguredMessage, SimulatedDataBadge, isNotConfigured, useSettlementStatus } from './settlement-status';
import { PeriodFilters, usePeriodDays } from './period-filters';
import { daysCovered, startOfMonth, toIsoDay } from './settlement-dates';

const useStyles = makeStyles({
  getButton: { marginTop: '26px' },
  // The batches above their transactions, each the page's width: side by side, amounts and statuses were cut at 1280 px.
  layout: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL },
  panel: { padding: 0, overflow: 'hidden' },
  panelHead: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  titleRow: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  embedded: { boxShadow: 'none', borderRadius: 0 },
  selected: {
    backgroundColor: tokens.colorBrandBackground2,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover },
  },
  secondary: { color: tokens.colorNeutralForeground3 },
  number: { display: 'block', textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  nowrap: { whiteSpace: 'nowrap', flexShrink: 0 },
  statusOk: { color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold },
  statusBad: { color: tokens.colorPaletteRedForeground1 },
  statusOther: { color: tokens.colorNeutralForeground2 },
  summary: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  totals: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    fontVariantNumeric: 'tabular-nums',
  },
  // Under the panel's head (which has its own line): a line below instead of above.
  totalsUnderHead: { borderTop: 'none', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  status: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  statusCode: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: tokens.fontSizeBase200 },
  empty: { padding: tokens.spacingVerticalL },
});

/** The provider's transaction statuses in plain words; the code itself stays on the row as secondary text. */
const STATUS_LABEL: Record<string, string> = {
  settledSuccessfully: 'Settled',
  refundSettledSuccessfully: 'Refund settled',
  declined: 'Declined',
  voided: 'Voided',
  generalError: 'Error',
  settlementError: 'Settlement error',
  refundPendingSettlement: 'Refund pending',
  capturedPendingSettlement: 'Pending settlement',
};

/** A batch's or a period's charges, refunds and net, in a row of labelled figures. */
function TotalsLine({
  label,
  totals,
  testId,
  underHead,
}: {
  label: string;
  totals: SettlementTotals;
  testId: string;
  underHead?: boolean;
}) {
  const styles = useStyles();
  const money = useFormatMoney();
  return (
    <div className={mergeClasses(styles.totals, underHead && styles.totalsUnderHead)} data-testid={testId} role="group" aria-label={label}>
      <Text weight="semibold">{label}</Text>
      <Text>
        Charges {money(totals.chargeAmount)} <span className={styles.secondary}>({totals.chargeCount})</span>
      </Text>
      <Text>
        Refunds {money(totals.refundAmount)} <span className={styles.secondary}>({totals.refundCount})</span>
      </Text>
      <Text weight="semibold">Net {money(totals.net)}</Text>
    </div>
  );
}

/** /admin/payments/auth-net: settled batches of a period and the transactions of the selected one. */
export default function AuthNetScreen() {
  const styles = useStyles();
  const notify = useNotify();
  const days = usePeriodDays();
  const { today, from, to } = days;
  const [range, setRange] = useState<{ from: string; to: string } | null>(() => ({
    from: toIsoDay(startOfMonth(today)),
    to: toIsoDay(today),
  }));
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const settlement = useSettlementStatus();
  const configured = settlement?.mode !== 'not_configured';
  const batches = useSettledBatches(configured ? range : null);
  const notConfigured = !configured || isNotConfigured(batches.error);

  useErrorToast(isNotConfigured(batches.error) ? undefined : batches.error, 'Settled batches');

  const getBatches = () => {
    if (!from || !to) {
      setRangeError('Choose both dates.');
      notify.warning('Choose both dates.', SETTLEMENT_RANGE_WARNING.title);
      return;
    }
    if (daysCovered(from, to) < 1) {
      setRangeError('To must not be before From.');
      notify.warning('To must not be before From.', SETTLEMENT_RANGE_WARNING.title);
      return;
    }
    if (daysCovered(from, to) > MAX_SETTLEMENT_DAYS) {
      setRangeError(SETTLEMENT_RANGE_WARNING.message);
      notify.warning(SETTLEMENT_RANGE_WARNING.message, SETTLEMENT_RANGE_WARNING.title);
      return;
    }
    setRangeError(null);
    setSelected(null);
    const next = { from: toIsoDay(from), to: toIsoDay(to) };
    if (range && next.from === range.from && next.to === range.to) void batches.mutate();
    else setRange(next);
  };

  const loading = batches.isLoading || batches.isValidating;
  const list = batches.data ?? [];

  return (
    <>
      <PageHeader
        title="Card settlement"
        description="Settled Authorize.Net batches and their transactions."
        back={{ to: '/admin/payments', label: 'Back to payments' }}
        actions={<SimulatedDataBadge status={settlement} />}
      />
      {notConfigured && <NotConfiguredMessage detail={settlement?.mode === 'not_configured' ? settlement.detail : batches.error?.detail} />}
      <PeriodFilters label="Settlement period" days={days} warning={rangeError} onChange={() => setRangeError(null)}>
        <Button
          className={styles.getButton}
          appearance="primary"
          icon={loading ? <Spinner size="tiny" /> : <ArrowSyncRegular />}
          disabled={loading || notConfigured}
          onClick={getBatches}
        >
          Get Batches
        </Button>
      </PeriodFilters>

      {batches.error && !notConfigured && (
        <ErrorBar title="Settled batches could not be loaded" error={batches.error} style={{ marginBottom: tokens.spacingVerticalL }} />
      )}

      <div className={styles.layout}>
        <Card className={styles.panel}>
          <div className={styles.panelHead}>
            <span className={styles.titleRow}>
              <Text weight="semibold">Batches</Text>
              <SimulatedDataBadge status={settlement} />
            </span>
            {range && (
              <Text size={200} className={styles.secondary}>
                {formatDate(`${range.from}T00:00:00`)} – {formatDate(`${range.to}T00:00:00`)}
              </Text>
            )}
          </div>
          {loading && !batches.data ? (
            <div className={styles.empty}>
              <Spinner size="small" label="Loading batches…" />
            </div>
          ) : list.length === 0 ? (
            <EmptyState
              icon={<CreditCardClockRegular />}
              text={
                notConfigured
                  ? 'Card settlement is not configured.'
                  : batches.error
                    ? 'No batches to show.'
                    : 'No settled batches in this period.'
              }
            />
          ) : (
            <>
              <BatchesTable batches={list} selected={selected} onSelect={setSelected} />
              <TotalsLine
                label={`Total of ${list.length} ${list.length === 1 ? 'batch' : 'batches'}`}
                totals={periodTotals(list)}
                testId="period-totals"
              />
            </>
          )}
        </Card>
        <Card className={styles.panel}>
          {selected && list.some((batch) => batch.batchId === selected) ? (
            <Transactions batch={list.find((batch) => batch.batchId === selected)!} />
          ) : (
            <EmptyState
              icon={<ReceiptRegular />}
              text={list.length ? 'Select a batch to see its transactions.' : 'Transactions of a batch appear here.'}
            />
          )}
        </Card>
      </div>
    </>
  );
}

/** The settled batches of the period; selecting one (click, or Enter on its row) shows its transactions. */
function BatchesTable({
  batches,
  selected,
  onSelect,
}: {
  batches: readonly SettledBatch[];
  selected: string | null;
  onSelect(batchId: string): void;
}) {
  const styles = useStyles();
  const money = useFormatMoney();
  // Each batch's totals, summed once for its three cells.
  const totals = useMemo(() => new Map(batches.map((batch) => [batch.batchId, batchTotals(batch)])), [batches]);
  const columns = useMemo<DataTableColumn<SettledBatch>[]>(() => {
    const of = (batch: SettledBatch) => totals.get(batch.batchId) ?? batchTotals(batch);
    // An amount and, beside it in grey, how many transactions make it.
    const amountAndCount = (amount: number, count: number) => (
      <span className={styles.number}>
        {money(amount)} <span className={styles.secondary}>({count})</span>
      </span>
    );
    return [
      {
        id: 'time',
        header: 'Settlement time',
        width: 170,
        card: 'title',
        text: (batch) => formatDate(batch.settlementTimeLocal, 'date-time'),
      },
      { id: 'batch', header: 'Batch id', width: 110, text: (batch) => batch.batchId },
      {
        id: 'cards',
        header: 'Card types',
        width: 220,
        text: (batch) => batch.statistics.map((line) => line.accountType).join(', ') || '—',
      },
      {
        id: 'charge',
        header: 'Charges',
        width: 170,
        render: (batch) => amountAndCount(of(batch).chargeAmount, of(batch).chargeCount),
      },
      {
        id: 'refund',
        header: 'Refunds',
        width: 150,
        render: (batch) => amountAndCount(of(batch).refundAmount, of(batch).refundCount),
      },
      { id: 'net', header: 'Net', width: 140, render: (batch) => <span className={styles.number}>{money(of(batch).net)}</span> },
    ];
  }, [styles, money, totals]);
  return (
    <DataTable<SettledBatch>
      label="Settled batches"
      noun="batches"
      className={styles.embedded}
      columns={columns}
      items={batches}
      getRowId={(batch) => batch.batchId}
      getRowName={(batch) => `batch ${batch.batchId}`}
      empty={{ text: 'No settled batches in this period.' }}
      onRowClick={(batch) => onSelect(batch.batchId)}
      rowClassName={(batch) => (batch.batchId === selected ? styles.selected : undefined)}
      rowAttributes={(batch) => ({ 'data-testid': `batch-${batch.batchId}`, 'aria-selected': String(batch.batchId === selected) })}
    />
  );
}

function statusClass(styles: ReturnType<typeof useStyles>, status: string) {
  if (status === 'settledSuccessfully') return styles.statusOk;
  if (status === 'declined' || status === 'settlementError' || status === 'generalError') return styles.statusBad;
  return styles.statusOther;
}

function useTransactionColumns(): DataTableColumn<SettledTransaction>[] {
  const styles = useStyles();
  const money = useFormatMoney();
  return useMemo(
    () => [
      { id: 'id', header: 'Id', width: 110, card: 'title', text: (t) => t.transId },
      { id: 'name', header: 'Name', width: 140, text: (t) => `${t.firstName} ${t.lastName}`.trim() || '—' },
      {
        id: 'account',
        header: 'Account',
        width: 150,
        render: (t) => (
          <span>
            {t.accountType} <span className={styles.secondary}>{t.accountNumber}</span>
          </span>
        ),
      },
      { id: 'amount', header: 'Amount', width: 110, render: (t) => <span className={styles.number}>{money(t.settleAmount)}</span> },
      { id: 'time', header: 'Time', width: 160, text: (t) => formatDate(t.submitTimeUTC, 'date-time') },
      {
        id: 'status',
        header: 'Status',
        width: 170,
        card: 'status',
        render: (t) => (
          <span className={styles.status}>
            <span className={statusClass(styles, t.transactionStatus)} data-status={t.transactionStatus}>
              {STATUS_LABEL[t.transactionStatus] ?? t.transactionStatus}
            </span>
            {STATUS_LABEL[t.transactionStatus] && (
              <span
                className={mergeClasses(styles.secondary, styles.statusCode)}
                data-status-code={t.transactionStatus}
                title={t.transactionStatus}
              >
                {t.transactionStatus}
              </span>
            )}
          </span>
        ),
      },
      { id: 'order', header: 'Order', width: 190, render: (t) => <OrderCell transaction={t} /> },
    ],
    [styles, money],
  );
}

function Transactions({ batch }: { batch: SettledBatch }) {
  const { batchId } = batch;
  const styles = useStyles();
  const { data, error, isLoading } = useSettledTransactions(batchId);
  const settlement = useSettlementStatus();
  const columns = useTransactionColumns();

  useErrorToast(error, `Batch ${batchId}`);

  const flagged = (data?.transactions ?? []).filter(
    (t) => t.reconciliation.flag === 'no-order' || t.reconciliation.flag === 'amount-mismatch',
  ).length;

  return (
    <>
      <div className={styles.panelHead}>
        <span className={styles.titleRow}>
          <Text weight="semibold">Transactions of batch {batchId}</Text>
          <SimulatedDataBadge status={settlement} />
        </span>
        {data && (
          <div className={styles.summary}>
            <Badge appearance="tint" color="informative">
              {data.total} transactions
            </Badge>
            {flagged > 0 ? (
              <Badge appearance="tint" color="warning">
                {flagged} to check
              </Badge>
            ) : (
              <Badge appearance="tint" color="success">
                All charges match
              </Badge>
            )}
          </div>
        )}
      </div>
      <TotalsLine label={`Batch ${batchId}`} totals={batchTotals(batch)} testId="batch-totals" underHead />
      {isLoading ? (
        <div className={styles.empty}>
          <Spinner size="small" label="Loading transactions…" />
        </div>
      ) : error ? (
        <ErrorBar title="Transactions could not be loaded" error={error} />
      ) : !data || data.transactions.length === 0 ? (
        <EmptyState icon={<ReceiptRegular />} text="No transactions in this batch." />
      ) : (
        <DataTable<SettledTransaction>
          label={`Transactions of batch ${batchId}`}
          noun="transactions"
          className={styles.embedded}
          columns={columns}
          items={data.transactions}
          getRowId={(t) => t.transId}
          getRowName={(t) => `transaction ${t.transId}`}
          empty={{ text: 'No transactions in this batch.' }}
        />
      )}
    </>
  );
}

function OrderCell({ transaction }: { transaction: SettledTransaction }) {
  const styles = useStyles();
  const money = useFormatMoney();
  const { flag, orderId, paidAmount } = transaction.reconciliation;
  const link = orderId ? <TextLink to={`/admin/clients-orders/order/${orderId}`}>{invoiceNumberOf(orderId)}</TextLink> : null;
  if (flag === 'no-order') {
    return (
      <Badge
        className={styles.nowrap}
        appearance="tint"
        color="warning"
        title={`No order has invoice number ${transaction.invoiceNumber ?? '(none)'}`}
      >
        No order
      </Badge>
    );
  }
  if (flag === 'amount-mismatch') {
    return (
      <span style={{ display: 'inline-flex', gap: tokens.spacingHorizontalXS, alignItems: 'center' }}>
        {link}
        <Badge
          className={styles.nowrap}
          appearance="tint"
          color="danger"
          title={`The order's payment is ${paidAmount === null ? 'unknown' : money(paidAmount)}`}
        >
          Amount differs
        </Badge>
      </span>
    );
  }
  return link ?? <span style={{ color: tokens.colorNeutralForeground3 }}>—</span>;
}
