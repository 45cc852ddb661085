import { useMemo, useState } from 'react';
import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowRepeatAllRegular, HistoryRegular } from '@fluentui/react-icons';
import { WEBHOOK_PATHS, type Page, type WebhookDelivery, type WebhookSubscription } from '@backoffice/contracts';
import { apiFetch, useApi } from '../../components/api';
import { useRowCommand } from '../../components/feedback';
import { ViewDialog } from '../../components/feedback/view-dialog';
import { formatDate } from '../../components/format';
import { DataTable, StackedCell, answerTableProps, type DataTableColumn } from '../../components/table';

const PAGE_SIZE = 20;
const STATUS_COLOR = { pending: 'warning', succeeded: 'success', failed: 'danger' } as const;

const useStyles = makeStyles({
  surface: { maxWidth: 'min(1100px, 96vw)', width: '1100px' },
  mono: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
  response: { margin: 0, maxHeight: '8rem', overflow: 'auto', whiteSpace: 'pre-wrap', fontFamily: tokens.fontFamilyMonospace },
});

const lastAttempt = (delivery: WebhookDelivery) => delivery.attemptLog.at(-1);

function useDeliveryColumns(): DataTableColumn<WebhookDelivery>[] {
  const styles = useStyles();
  return useMemo(
    () => [
      {
        id: 'time',
        header: 'Time',
        width: 160,
        text: (delivery) => formatDate(lastAttempt(delivery)?.at ?? delivery.createdAt, 'date-time'),
      },
      {
        id: 'event',
        header: 'Event',
        width: 170,
        card: 'title',
        render: (delivery) => (
          <StackedCell
            main={delivery.eventType}
            detail={
              <>
                <span className={styles.mono}>{delivery.topic}</span> {delivery.resendOf && <Badge appearance="outline">resend</Badge>}
              </>
            }
          />
        ),
      },
      {
        id: 'status',
        header: 'Status',
        width: 150,
        card: 'status',
        render: (delivery) => (
          <StackedCell
            main={<Badge color={STATUS_COLOR[delivery.status]}>{delivery.status}</Badge>}
            detail={delivery.nextAttemptAt && `Next try ${formatDate(delivery.nextAttemptAt, 'date-time')}`}
          />
        ),
      },
      { id: 'attempt', header: 'Attempt', width: 80, text: (delivery) => String(delivery.attempts) },
      { id: 'code', header: 'Status code', width: 100, text: (delivery) => String(lastAttempt(delivery)?.statusCode ?? '—') },
      {
        id: 'duration',
        header: 'Duration',
        width: 90,
        text: (delivery) => {
          const last = lastAttempt(delivery);
          return last ? `${last.durationMs} ms` : '—';
        },
      },
      {
        id: 'response',
        header: 'Response',
        width: 260,
        render: (delivery) => {
          const last = lastAttempt(delivery);
          return last ? <pre className={styles.response}>{last.error ?? last.responseBody}</pre> : '—';
        },
      },
    ],
    [styles],
  );
}

/** The delivery log of one subscription: each delivery with its last attempt, and resend. */
export function DeliveryLogDialog({ subscription, onClose }: { subscription: WebhookSubscription; onClose(): void }) {
  const styles = useStyles();
  const command = useRowCommand();
  const columns = useDeliveryColumns();
  const [page, setPage] = useState(1);
  const answer = useApi<Page<WebhookDelivery>>(`${WEBHOOK_PATHS.deliveries(subscription.id)}?page=${page}&pageSize=${PAGE_SIZE}`, {
    refreshInterval: 5000,
    keepPreviousData: true,
  });
  return (
    <ViewDialog title={`Deliveries to ${subscription.url}`} surfaceClassName={styles.surface} onClose={onClose} primaryClose>
      <DataTable<WebhookDelivery>
        label="Deliveries"
        noun="deliveries"
        columns={columns}
        {...answerTableProps(answer, (result) => result.items)}
        stale={false}
        getRowId={(delivery) => delivery.id}
        getRowName={(delivery) => delivery.eventType}
        empty={{ icon: <HistoryRegular />, text: 'No deliveries yet' }}
        actionsWidth={120}
        actions={(delivery) => [
          {
            label: 'Resend',
            icon: <ArrowRepeatAllRegular />,
            ariaLabel: `Resend ${delivery.eventType}`,
            onClick: () =>
              void command({
                run: () => apiFetch(WEBHOOK_PATHS.resend(delivery.id), { method: 'POST' }),
                success: 'The event is sent again.',
                successTitle: 'Resent',
                then: answer.mutate,
              }),
          },
        ]}
        paging={{ page, pageSize: PAGE_SIZE, total: answer.data?.total ?? 0, onPage: setPage }}
      />
    </ViewDialog>
  );
}
