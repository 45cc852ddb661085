import { useState } from 'react';
import { PlugDisconnectedRegular } from '@fluentui/react-icons';
import { WEBHOOK_PATHS, type WebhookSubscription, type WebhookSubscriptionWithSecret } from '@backoffice/contracts';
import { apiFetch, useApi } from '../../components/api';
import { useRowCommand } from '../../components/feedback';
import { AddButton, PageHeader } from '../../components/layout';
import { DataTable, answerTableProps } from '../../components/table';
import { DeliveryLogDialog } from './delivery-log-dialog';
import { subscriptionActions, useSubscriptionColumns } from './subscription-columns';
import { CreateDialog, ReplayDialog, SecretDialog } from './webhook-dialogs';

/** Webhooks: other systems receive the product's events, signed, at their URL. The Admin's. */
export default function WebhooksScreen() {
  const command = useRowCommand();
  const answer = useApi<WebhookSubscription[]>(WEBHOOK_PATHS.subscriptions);
  const { mutate } = answer;
  const columns = useSubscriptionColumns();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<WebhookSubscriptionWithSecret | null>(null);
  const [logOf, setLogOf] = useState<WebhookSubscription | null>(null);
  const [replayOf, setReplayOf] = useState<WebhookSubscription | null>(null);

  const on = {
    onTest: (subscription: WebhookSubscription) =>
      void command({
        run: () => apiFetch(WEBHOOK_PATHS.test(subscription.id), { method: 'POST' }),
        success: 'A test event is on its way; its delivery is in the log.',
        successTitle: 'Test event sent',
      }),
    onToggle: (subscription: WebhookSubscription) =>
      void command({
        run: () => apiFetch(WEBHOOK_PATHS.subscription(subscription.id), { method: 'PUT', json: { enabled: !subscription.enabled } }),
        success: subscription.enabled ? 'The subscription is disabled.' : 'The subscription is enabled.',
        then: mutate,
      }),
    onDelete: (subscription: WebhookSubscription) =>
      void command({
        confirm: {
          title: 'Delete subscription',
          message: `Delete the subscription to ${subscription.url}?`,
          detail: 'Its delivery log is deleted with it.',
          confirmLabel: 'Delete',
          danger: true,
        },
        run: () => apiFetch(WEBHOOK_PATHS.subscription(subscription.id), { method: 'DELETE' }),
        success: 'The subscription was deleted.',
        then: mutate,
      }),
    onDeliveries: setLogOf,
    onReplay: setReplayOf,
  };

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Other systems receive the product's events at their URL, signed (Standard Webhooks)."
        actions={<AddButton onClick={() => setCreating(true)}>New subscription</AddButton>}
      />
      <DataTable<WebhookSubscription>
        label="Webhook subscriptions"
        noun="webhook subscriptions"
        columns={columns}
        {...answerTableProps(answer, (subscriptions) => subscriptions)}
        getRowId={(subscription) => subscription.id}
        getRowName={(subscription) => subscription.url}
        empty={{ icon: <PlugDisconnectedRegular />, text: 'No webhook subscriptions yet' }}
        actions={(subscription) => subscriptionActions(subscription, on)}
        inlineActions={3}
        actionsWidth={380}
      />
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
