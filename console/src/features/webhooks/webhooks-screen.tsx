import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
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
import { AddRegular, ArrowRepeatAllRegular, DismissRegular } from '@fluentui/react-icons';
import {
  WEBHOOK_PATHS,
  WEBHOOK_TOPICS,
  type Page,
  type WebhookDelivery,
  type WebhookSubscription,
  type WebhookSubscriptionWithSecret,
} from '@backoffice/contracts';
import { apiFetch, errorMessage, useApi } from '../../components/api';
import { EmptyState, PageSpinner, useConfirm, useNotify } from '../../components/feedback';
import { SecretOnceDialog } from '../../components/feedback/secret-once-dialog';
import { formatDate } from '../../components/format';
import { PageHeader } from '../../components/layout';
import { SubscriptionRow } from './subscription-row';

const useStyles = makeStyles({
  card: { padding: 0, overflowX: 'auto' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  mono: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
  log: { maxWidth: 'min(1100px, 96vw)' },
  response: { margin: 0, maxHeight: '8rem', overflow: 'auto', whiteSpace: 'pre-wrap', fontFamily: tokens.fontFamilyMonospace },
  pager: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', justifyContent: 'flex-end' },
});

/** Webhooks: other systems receive the product's events, signed, at their URL. The Admin's. */
export default function WebhooksScreen() {
  const styles = useStyles();
  const notify = useNotify();
  const confirm = useConfirm();
  const { data, error, isLoading, mutate } = useApi<WebhookSubscription[]>(WEBHOOK_PATHS.subscriptions);
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<WebhookSubscriptionWithSecret | null>(null);
  const [logOf, setLogOf] = useState<WebhookSubscription | null>(null);
  const [replayOf, setReplayOf] = useState<WebhookSubscription | null>(null);

  const sendTest = async (subscription: WebhookSubscription) => {
    try {
      await apiFetch(WEBHOOK_PATHS.test(subscription.id), { method: 'POST' });
      notify.success('A test event is on its way; its delivery is in the log.', 'Test event sent');
    } catch (e) {
      notify.error(errorMessage(e));
    }
  };

  const toggle = async (subscription: WebhookSubscription) => {
    try {
      await apiFetch(WEBHOOK_PATHS.subscription(subscription.id), { method: 'PUT', json: { enabled: !subscription.enabled } });
      notify.success(subscription.enabled ? 'The subscription is disabled.' : 'The subscription is enabled.');
      await mutate();
    } catch (e) {
      notify.error(errorMessage(e));
    }
  };

  const remove = async (subscription: WebhookSubscription) => {
    const ok = await confirm({
      title: 'Delete subscription',
      message: `Delete the subscription to ${subscription.url}? Its delivery log is deleted with it.`,
      confirmLabel: 'Delete',
    });
    if (!ok) return;
    try {
      await apiFetch(WEBHOOK_PATHS.subscription(subscription.id), { method: 'DELETE' });
      notify.success('The subscription was deleted.');
      await mutate();
    } catch (e) {
      notify.error(errorMessage(e));
    }
  };

  if (isLoading) return <PageSpinner />;
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Other systems receive the product's events at their URL, signed (Standard Webhooks)."
        actions={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)}>
            New subscription
          </Button>
        }
      />
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{errorMessage(error)}</MessageBarBody>
        </MessageBar>
      )}
      {data && data.length === 0 && <EmptyState text="No webhook subscriptions yet" />}
      {data && data.length > 0 && (
        <Card className={styles.card}>
          <Table aria-label="Webhook subscriptions">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>URL</TableHeaderCell>
                <TableHeaderCell>Events</TableHeaderCell>
                <TableHeaderCell>Status</TableHeaderCell>
                <TableHeaderCell>Created</TableHeaderCell>
                <TableHeaderCell>
                  <span aria-hidden>Actions</span>
                </TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.map((subscription) => (
                <SubscriptionRow
                  key={subscription.id}
                  subscription={subscription}
                  onTest={() => void sendTest(subscription)}
                  onDeliveries={() => setLogOf(subscription)}
                  onReplay={() => setReplayOf(subscription)}
                  onToggle={() => void toggle(subscription)}
                  onDelete={() => void remove(subscription)}
                />
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
      {replayOf && <ReplayDialog subscription={replayOf} onClose={() => setReplayOf(null)} />}
      {creating && (
        <CreateDialog
          onClose={() => setCreating(false)}
          onCreated={(subscription) => {
            setCreating(false);
            setShown(subscription);
            void mutate();
          }}
        />
      )}
      {shown && <SecretDialog subscription={shown} onClose={() => setShown(null)} />}
      {logOf && <DeliveryLogDialog subscription={logOf} onClose={() => setLogOf(null)} />}
    </>
  );
}

/** "YYYY-MM-DDTHH:mm" in the browser's time zone, what a datetime-local input shows. */
const localInputValue = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** Replay: the subscription's events from a point in time (as far back as Kafka keeps them) are sent again. */
function ReplayDialog({ subscription, onClose }: { subscription: WebhookSubscription; onClose(): void }) {
  const styles = useStyles();
  const notify = useNotify();
  const [from, setFrom] = useState(() => localInputValue(new Date(Date.now() - 60 * 60_000)));
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async () => {
    setSending(true);
    setProblem(null);
    try {
      const { events } = await apiFetch<{ events: number }>(WEBHOOK_PATHS.replay(subscription.id), {
        method: 'POST',
        json: { from: new Date(from).toISOString() },
      });
      notify.success(
        events === 0
          ? 'No events since then: nothing to send.'
          : `${events} event${events === 1 ? '' : 's'} queued; their deliveries are in the log.`,
        'Replay',
      );
      onClose();
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setSending(false);
    }
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && !sending && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle action={<Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} onClick={onClose} />}>
            Replay events
          </DialogTitle>
          <DialogContent className={styles.form}>
            {problem && (
              <MessageBar intent="error">
                <MessageBarBody>{problem}</MessageBarBody>
              </MessageBar>
            )}
            <Text>{`Every event this subscription wants since the time below is sent again to ${subscription.url}, in order; ones it already received keep their webhook-id.`}</Text>
            <Field label="Replay from" required hint="Your local time. Kafka keeps events for a limited time.">
              <Input type="datetime-local" value={from} max={localInputValue(new Date())} onChange={(_, d) => setFrom(d.value)} />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={sending}>
              Cancel
            </Button>
            <Button appearance="primary" disabled={sending || !from} onClick={() => void submit()}>
              Replay
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

function CreateDialog({ onClose, onCreated }: { onClose(): void; onCreated(subscription: WebhookSubscriptionWithSecret): void }) {
  const styles = useStyles();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [topics, setTopics] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setSaving(true);
    setProblem(null);
    try {
      onCreated(
        await apiFetch<WebhookSubscriptionWithSecret>(WEBHOOK_PATHS.subscriptions, {
          method: 'POST',
          json: { url, eventTypes: topics, ...(description.trim() ? { description } : {}) },
        }),
      );
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle action={<Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} onClick={onClose} />}>
            New webhook subscription
          </DialogTitle>
          <DialogContent className={styles.form}>
            {problem && (
              <MessageBar intent="error">
                <MessageBarBody>{problem}</MessageBarBody>
              </MessageBar>
            )}
            <Field label="URL" required hint="https://… (the receiver's address)">
              <Input type="url" value={url} onChange={(_, d) => setUrl(d.value)} />
            </Field>
            <Field label="Description (optional)">
              <Input value={description} onChange={(_, d) => setDescription(d.value)} />
            </Field>
            <Field label="Events" required>
              {WEBHOOK_TOPICS.map((topic) => (
                <Checkbox
                  key={topic}
                  label={topic}
                  checked={topics.includes(topic)}
                  onChange={(_, d) => setTopics((now) => (d.checked ? [...now, topic] : now.filter((t) => t !== topic)))}
                />
              ))}
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button appearance="primary" disabled={saving || !url.trim() || topics.length === 0} onClick={() => void submit()}>
              Create
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** The signing secret, shown this once. */
function SecretDialog({ subscription, onClose }: { subscription: WebhookSubscriptionWithSecret; onClose(): void }) {
  return (
    <SecretOnceDialog
      title="Signing secret"
      warning="Copy the signing secret now: it will not be shown again."
      secret={subscription.secret}
      onClose={onClose}
    >
      <p>
        Receivers verify each delivery's <code>webhook-signature</code> with it.
      </p>
    </SecretOnceDialog>
  );
}

const PAGE_SIZE = 20;
const STATUS_COLOR = { pending: 'warning', succeeded: 'success', failed: 'danger' } as const;

/** The delivery log of one subscription: each delivery with its last attempt, and resend. */
function DeliveryLogDialog({ subscription, onClose }: { subscription: WebhookSubscription; onClose(): void }) {
  const styles = useStyles();
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useApi<Page<WebhookDelivery>>(
    `${WEBHOOK_PATHS.deliveries(subscription.id)}?page=${page}&pageSize=${PAGE_SIZE}`,
    { refreshInterval: 5000, keepPreviousData: true },
  );
  const resend = async (delivery: WebhookDelivery) => {
    try {
      await apiFetch(WEBHOOK_PATHS.resend(delivery.id), { method: 'POST' });
      notify.success('The event is sent again.', 'Resent');
      await mutate();
    } catch (e) {
      notify.error(errorMessage(e));
    }
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={styles.log}>
        <DialogBody>
          <DialogTitle action={<Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} onClick={onClose} />}>
            Deliveries to {subscription.url}
          </DialogTitle>
          <DialogContent>
            {error && (
              <MessageBar intent="error">
                <MessageBarBody>{errorMessage(error)}</MessageBarBody>
              </MessageBar>
            )}
            {isLoading && <PageSpinner />}
            {data && data.items.length === 0 && <EmptyState text="No deliveries yet" />}
            {data && data.items.length > 0 && (
              <Table aria-label="Deliveries" size="small">
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>Time</TableHeaderCell>
                    <TableHeaderCell>Event</TableHeaderCell>
                    <TableHeaderCell>Status</TableHeaderCell>
                    <TableHeaderCell>Attempt</TableHeaderCell>
                    <TableHeaderCell>Status code</TableHeaderCell>
                    <TableHeaderCell>Duration</TableHeaderCell>
                    <TableHeaderCell>Response</TableHeaderCell>
                    <TableHeaderCell>
                      <span aria-hidden>Actions</span>
                    </TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.items.map((delivery) => {
                    const last = delivery.attemptLog.at(-1);
                    return (
                      <TableRow key={delivery.id}>
                        <TableCell>{formatDate(last?.at ?? delivery.createdAt, 'date-time')}</TableCell>
                        <TableCell>
                          <div>{delivery.eventType}</div>
                          <div className={styles.mono}>{delivery.topic}</div>
                          {delivery.resendOf && <Badge appearance="outline">resend</Badge>}
                        </TableCell>
                        <TableCell>
                          <Badge color={STATUS_COLOR[delivery.status]}>{delivery.status}</Badge>
                          {delivery.nextAttemptAt && <div>Next try {formatDate(delivery.nextAttemptAt, 'date-time')}</div>}
                        </TableCell>
                        <TableCell>{delivery.attempts}</TableCell>
                        <TableCell>{last ? (last.statusCode ?? '—') : '—'}</TableCell>
                        <TableCell>{last ? `${last.durationMs} ms` : '—'}</TableCell>
                        <TableCell>{last && <pre className={styles.response}>{last.error ?? last.responseBody}</pre>}</TableCell>
                        <TableCell>
                          <Button
                            icon={<ArrowRepeatAllRegular />}
                            onClick={() => void resend(delivery)}
                            aria-label={`Resend ${delivery.eventType}`}
                          >
                            Resend
                          </Button>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            )}
            {data && data.total > PAGE_SIZE && (
              <div className={styles.pager}>
                <Button disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                  Previous
                </Button>
                <span>
                  Page {page} of {pages}
                </span>
                <Button disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                  Next
                </Button>
              </div>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
