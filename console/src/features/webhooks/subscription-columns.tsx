import { Badge } from '@fluentui/react-components';
import { ArrowClockwiseRegular, DeleteRegular, HistoryRegular, PauseRegular, PlayRegular, SendRegular } from '@fluentui/react-icons';
import type { WebhookSubscription } from '@backoffice/contracts';
import { formatDate } from '../../components/format';
import { BadgeList, StackedCell, type DataTableAction, type DataTableColumn } from '../../components/table';

/** A subscription's columns: its URL, events, whether it is on (or why it was turned off), and when it was made. */
export function useSubscriptionColumns(): DataTableColumn<WebhookSubscription>[] {
  return [
    {
      id: 'url',
      header: 'URL',
      width: 260,
      card: 'title',
      render: (subscription) => <StackedCell main={subscription.url} detail={subscription.description} />,
    },
    {
      id: 'events',
      header: 'Events',
      width: 260,
      render: (subscription) => <BadgeList names={subscription.eventTypes} />,
    },
    {
      id: 'status',
      header: 'Status',
      width: 200,
      card: 'status',
      render: (subscription) =>
        subscription.disabledReason ? (
          <StackedCell
            main={<Badge color="danger">Turned off</Badge>}
            detail={
              <span data-testid="webhook-disabled-reason">
                {`${subscription.disabledReason}${subscription.disabledAt ? ` (${formatDate(subscription.disabledAt)})` : ''}`}
              </span>
            }
          />
        ) : (
          <Badge color={subscription.enabled ? 'success' : 'informative'}>{subscription.enabled ? 'Enabled' : 'Disabled'}</Badge>
        ),
    },
    { id: 'created', header: 'Created', width: 120, text: (subscription) => formatDate(subscription.createdAt) },
  ];
}

export interface SubscriptionActions {
  onTest(subscription: WebhookSubscription): void;
  onDeliveries(subscription: WebhookSubscription): void;
  onReplay(subscription: WebhookSubscription): void;
  onToggle(subscription: WebhookSubscription): void;
  onDelete(subscription: WebhookSubscription): void;
}

/** A subscription's actions: test, deliveries and replay as buttons; enable or disable and delete in its "⋯" menu. */
export function subscriptionActions(subscription: WebhookSubscription, on: SubscriptionActions): DataTableAction[] {
  const { url } = subscription;
  return [
    {
      label: 'Send test event',
      icon: <SendRegular />,
      ariaLabel: `Send a test event to ${url}`,
      disabled: !subscription.enabled,
      onClick: () => on.onTest(subscription),
    },
    { label: 'Deliveries', icon: <HistoryRegular />, ariaLabel: `Deliveries to ${url}`, onClick: () => on.onDeliveries(subscription) },
    {
      label: 'Replay',
      icon: <ArrowClockwiseRegular />,
      ariaLabel: `Replay events to ${url}`,
      disabled: !subscription.enabled,
      onClick: () => on.onReplay(subscription),
    },
    {
      label: subscription.enabled ? 'Disable' : 'Enable',
      icon: subscription.enabled ? <PauseRegular /> : <PlayRegular />,
      onClick: () => on.onToggle(subscription),
    },
    { label: 'Delete', icon: <DeleteRegular />, onClick: () => on.onDelete(subscription) },
  ];
}
