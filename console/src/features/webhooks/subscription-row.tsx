import { Badge, Button, TableCell, TableRow, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, DeleteRegular, HistoryRegular, SendRegular } from '@fluentui/react-icons';
import type { WebhookSubscription } from '@backoffice/contracts';
import { formatDate } from '../../components/format';

const useStyles = makeStyles({
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  url: { wordBreak: 'break-all' },
  stopped: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXXS, maxWidth: '280px' },
});

export interface SubscriptionRowProps {
  subscription: WebhookSubscription;
  onTest(): void;
  onDeliveries(): void;
  onReplay(): void;
  onToggle(): void;
  onDelete(): void;
}

/** One subscription: its URL, events, whether it is on (or why it was turned off), and its actions. */
export function SubscriptionRow({ subscription, onTest, onDeliveries, onReplay, onToggle, onDelete }: SubscriptionRowProps) {
  const styles = useStyles();
  return (
    <TableRow>
      <TableCell>
        <div className={styles.url}>{subscription.url}</div>
        {subscription.description && <div>{subscription.description}</div>}
      </TableCell>
      <TableCell>
        <div className={styles.badges}>
          {subscription.eventTypes.map((type) => (
            <Badge key={type} appearance="outline">
              {type}
            </Badge>
          ))}
        </div>
      </TableCell>
      <TableCell>
        {subscription.disabledReason ? (
          <div className={styles.stopped}>
            <Badge color="danger">Turned off</Badge>
            <Text size={200} data-testid="webhook-disabled-reason">
              {`${subscription.disabledReason}${subscription.disabledAt ? ` (${formatDate(subscription.disabledAt)})` : ''}`}
            </Text>
          </div>
        ) : (
          <Badge color={subscription.enabled ? 'success' : 'informative'}>{subscription.enabled ? 'Enabled' : 'Disabled'}</Badge>
        )}
      </TableCell>
      <TableCell>{formatDate(subscription.createdAt)}</TableCell>
      <TableCell>
        <div className={styles.actions}>
          <Button
            icon={<SendRegular />}
            disabled={!subscription.enabled}
            onClick={onTest}
            aria-label={`Send a test event to ${subscription.url}`}
          >
            Send test event
          </Button>
          <Button icon={<HistoryRegular />} onClick={onDeliveries} aria-label={`Deliveries to ${subscription.url}`}>
            Deliveries
          </Button>
          <Button
            icon={<ArrowClockwiseRegular />}
            disabled={!subscription.enabled}
            onClick={onReplay}
            aria-label={`Replay events to ${subscription.url}`}
          >
            Replay
          </Button>
          <Button onClick={onToggle}>{subscription.enabled ? 'Disable' : 'Enable'}</Button>
          <Button icon={<DeleteRegular />} onClick={onDelete} aria-label={`Delete the subscription to ${subscription.url}`}>
            Delete
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
}
