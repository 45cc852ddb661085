import { useMemo } from 'react';
import { Badge, Card, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { OrderPayment } from '@backoffice/contracts';
import { ApiError } from '../../components/api';
import { useFormatMoney } from '../../components/config';
import { EmptyState, ErrorBar } from '../../components/feedback';
import { formatDate } from '../../components/format';
import { DataTable, type DataTableColumn } from '../../components/table';
import { useOrderPayments } from './api';

/* The payments block of the order receipt: each payment of the order with its transactions. */

const useStyles = makeStyles({
  number: { display: 'block', textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  embedded: { boxShadow: 'none', border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  payments: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL },
  payment: { padding: tokens.spacingHorizontalL },
  paymentHead: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalS,
  },
});

export type PaymentsLoad = ReturnType<typeof useOrderPayments>;

/** The order's payments; a 404 means the payments service knows none. */
export function paymentsOf(load: PaymentsLoad): { payments: OrderPayment[]; failed: boolean; known: boolean } {
  const missing = load.error instanceof ApiError && load.error.status === 404;
  const failed = !!load.error && !missing;
  const payments: OrderPayment[] = missing ? [] : Array.isArray(load.data) ? load.data : (load.data?.items ?? []);
  return { payments, failed, known: !load.isLoading && !failed && (missing || load.data !== undefined) };
}

/** The Payments block: one card per payment with its transactions, an error with Retry, or "No payments yet.". */
export function Payments({ load }: { load: PaymentsLoad }) {
  const styles = useStyles();
  const money = useFormatMoney();
  const transactionColumns = useMemo<DataTableColumn<OrderPayment['transactions'][number]>[]>(
    () => [
      { id: 'status', header: 'Status', width: 160, card: 'title', text: (transaction) => transaction.status },
      {
        id: 'amount',
        header: 'Amount',
        width: 120,
        render: (transaction) => <span className={styles.number}>{money(transaction.amount)}</span>,
      },
      { id: 'paid-on', header: 'Paid on', width: 180, text: (transaction) => formatDate(transaction.paidOn, 'date-time') },
    ],
    [styles, money],
  );
  if (load.isLoading) return <Spinner size="tiny" label="Loading payments…" labelPosition="after" />;
  const { payments, failed } = paymentsOf(load);
  if (failed) {
    return (
      <ErrorBar title="Payments could not be loaded" error={load.error} onRetry={() => void load.mutate()} testId="payments-unavailable" />
    );
  }
  if (payments.length === 0) return <EmptyState text="No payments yet." />;
  return (
    <div className={styles.payments}>
      {payments.map((payment, index) => (
        <Card key={payment.id ?? index} className={styles.payment} appearance="outline">
          <div className={styles.paymentHead}>
            <Text weight="semibold">Total {money(payment.amount)}</Text>
            <Text>Merchant: {payment.merchant || '—'}</Text>
            {payment.paidAmount !== undefined && <Text>Paid {money(payment.paidAmount)}</Text>}
            <Badge appearance="tint" color={payment.paid ? 'success' : 'warning'}>
              {payment.status}
            </Badge>
          </div>
          <DataTable<OrderPayment['transactions'][number]>
            label="Payment transactions"
            noun="transactions"
            className={styles.embedded}
            columns={transactionColumns}
            items={payment.transactions}
            getRowId={(transaction) => `${transaction.paidOn}-${transaction.status}-${transaction.amount}`}
            getRowName={(transaction) => transaction.status}
            empty={{ text: 'No transactions yet.' }}
          />
        </Card>
      ))}
    </div>
  );
}
