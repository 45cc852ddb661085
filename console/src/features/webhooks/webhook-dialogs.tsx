import { useState } from 'react';
import { Field, Input, Text } from '@fluentui/react-components';
import {
  WEBHOOK_PATHS,
  WEBHOOK_TOPICS,
  type WebhookSubscription,
  type WebhookTopic,
  type WebhookSubscriptionWithSecret,
} from '@backoffice/contracts';
import { apiFetch } from '../../components/api';
import { useNotify } from '../../components/feedback';
import { SecretOnceDialog } from '../../components/feedback/secret-once-dialog';
import { CheckboxListField, FormDialog, useConfirmDiscard, useFormState } from '../../components/forms';

/** "YYYY-MM-DDTHH:mm" in the browser's time zone, what a datetime-local input shows. */
const localInputValue = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** Replay: the subscription's events from a point in time (as far back as Kafka keeps them) are sent again. */
export function ReplayDialog({ subscription, onClose }: { subscription: WebhookSubscription; onClose(): void }) {
  const notify = useNotify();
  const [from, setFrom] = useState(() => localInputValue(new Date(Date.now() - 60 * 60_000)));
  const form = useFormState({ fields: ['from'] as const, errors: { from: from ? undefined : 'Choose when to replay from.' } });
  const save = async () => {
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
  };
  return (
    <FormDialog
      form={form}
      title="Replay events"
      submitLabel="Replay"
      dirty={false}
      formErrorTitle="Not replayed"
      onDismiss={onClose}
      onSubmit={(event) => void form.submit(event, save)}
    >
      <Text>{`Every event this subscription wants since the time below is sent again to ${subscription.url}, in order; ones it already received keep their webhook-id.`}</Text>
      <Field
        label="Replay from"
        required
        hint="Your local time. Kafka keeps events for a limited time."
        validationMessage={form.errorOf('from')}
      >
        <Input
          type="datetime-local"
          value={from}
          max={localInputValue(new Date())}
          onChange={(_event, data) => {
            setFrom(data.value);
            form.edit('from');
          }}
          onBlur={() => form.blur('from')}
        />
      </Field>
    </FormDialog>
  );
}

export function CreateDialog({ onClose, onCreated }: { onClose(): void; onCreated(subscription: WebhookSubscriptionWithSecret): void }) {
  const confirmDiscard = useConfirmDiscard();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [topics, setTopics] = useState<WebhookTopic[]>([]);
  const form = useFormState({
    fields: ['url', 'description', 'eventTypes'] as const,
    errors: { url: url.trim() ? undefined : 'URL is required.', eventTypes: topics.length ? undefined : 'Choose at least one event.' },
  });
  const dirty = url !== '' || description !== '' || topics.length > 0;
  const save = async () =>
    onCreated(
      await apiFetch<WebhookSubscriptionWithSecret>(WEBHOOK_PATHS.subscriptions, {
        method: 'POST',
        json: { url, eventTypes: topics, ...(description.trim() ? { description } : {}) },
      }),
    );
  return (
    <FormDialog
      form={form}
      title="New webhook subscription"
      submitLabel="Create"
      dirty={dirty}
      onDismiss={() => void confirmDiscard(dirty).then((ok) => ok && onClose())}
      onSubmit={(event) => void form.submit(event, save)}
    >
      <Field label="URL" required hint="https://… (the receiver's address)" validationMessage={form.errorOf('url')}>
        <Input
          type="url"
          value={url}
          onChange={(_event, data) => {
            setUrl(data.value);
            form.edit('url');
          }}
          onBlur={() => form.blur('url')}
        />
      </Field>
      <Field label="Description (optional)" validationMessage={form.errorOf('description')}>
        <Input value={description} onChange={(_event, data) => setDescription(data.value)} />
      </Field>
      <CheckboxListField
        label="Events"
        required
        options={WEBHOOK_TOPICS}
        value={topics}
        error={form.errorOf('eventTypes')}
        onChange={(update) => {
          setTopics(update);
          form.edit('eventTypes');
        }}
      />
    </FormDialog>
  );
}

/** The signing secret, shown this once. */
export function SecretDialog({ subscription, onClose }: { subscription: WebhookSubscriptionWithSecret; onClose(): void }) {
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
