import { z } from 'zod';
import { EVENT_TOPICS, type EventTypeDoc, type TopicDoc } from './events';
import { zodToJsonSchemaComponent } from './json-schema';
import { WEBHOOK_TEST_EVENT_TYPE, WEBHOOK_TOPICS, WebhookTestDataSchema, webhookEventType } from './webhooks';

/**
 * Builds asyncapi.yaml (AsyncAPI 3) from EVENT_TOPICS: every topic a channel, every event type a message
 * whose payload is the CloudEvents envelope with that type's data schema (generated from zod, draft-07).
 * libs/contracts/test/asyncapi.test.ts checks that the committed file is exactly this document.
 */

type Json = Record<string, unknown>;

const pascal = (text: string) =>
  text
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
const camel = (text: string) => {
  const name = pascal(text);
  return name[0].toLowerCase() + name.slice(1);
};

export const EnvelopeSchema = z
  .object({
    specversion: z.literal('1.0'),
    id: z.uuid().meta({ description: 'Unique per event; consumers (and webhook receivers, as `webhook-id`) dedupe on it.' }),
    type: z.string().meta({ description: 'The event type, e.g. status-changed; also the Kafka header `ce_type`.' }),
    source: z.string().meta({ description: 'The publishing service, e.g. orders.' }),
    time: z.iso.datetime(),
    subject: z.string().meta({ description: 'The aggregate id (also the Kafka key).' }),
    datacontenttype: z.literal('application/json'),
    data: z.unknown(),
  })
  .meta({ id: 'Envelope', description: 'CloudEvents 1.0 fields in JSON; `data` is the event payload.' });

export const WebhookEnvelopeSchema = EnvelopeSchema.extend({
  type: z.string().meta({
    description:
      'The event type with its topic in front, unambiguous alone (e.g. orders.order.v1:created): the name a subscription lists; webhook.test for a test event.',
  }),
  sequence: z
    .string()
    .regex(/^\d{19}$/)
    .meta({
      description:
        "CloudEvents `sequence` extension attribute: 19 digits, so that comparing the strings compares the numbers. Within one `subject`, a higher sequence is a later event; a resend or a replay carries the event's own sequence again, so a receiver can tell an older event arriving late (keep the highest it applied). It is the Kafka offset of the event (the events of one subject share a partition); for a test event, the time it was sent in milliseconds.",
    }),
}).meta({
  id: 'WebhookEnvelope',
  description: 'What a webhook receiver gets: the CloudEvents envelope of the event, its `type` with the topic in front, and `sequence`.',
});

const DESCRIPTION = `Domain events of the back-office services. Every event is written to the owning service's \`outbox\`
table in the same database transaction as the change, and a relay publishes it to Kafka (idempotent producer,
acks=all). The Kafka key is the aggregate id, so the events of one aggregate stay in order on one partition.
Consumers keep an \`inbox\` of handled event ids and ignore repeats. The same envelopes reach webhook
subscribers as signed POSTs (Standard Webhooks headers), with two differences the \`webhooks\` channel documents:
the \`type\` carries its topic in front (\`orders.order.v1:created\`) and the \`sequence\` attribute orders the events
of one subject.

Every value is a CloudEvents 1.0 envelope in JSON; the headers \`ce_type\` and \`ce_id\` repeat its \`type\` and
\`id\`. On a compacted topic a deletion publishes a \`deleted\` event and then a tombstone (a null value) with the
same key. Topic names may carry a per-stack prefix (\`KAFKA_TOPIC_PREFIX\`, e.g. \`e2e1a2b3.orders.order.v1\`).

Generated from libs/contracts/src/events.ts (the zod contracts); do not edit by hand: run
\`UPDATE_ASYNCAPI=1 TEST_ONLY=jest JEST_ARGS=libs/contracts/test/asyncapi.test.ts npm test\`.`;

function channelDescription(doc: TopicDoc): string {
  const lines = [doc.description, `Owner: the ${doc.owner} service. Key: ${doc.key}`];
  lines.push(doc.compacted ? 'Compacted (cleanup.policy=compact).' : 'Not compacted: every event is kept for the retention period.');
  for (const consumer of doc.consumers) lines.push(`Consumed by ${consumer.service} (group \`${consumer.group}\`): ${consumer.purpose}`);
  return lines.join('\n');
}

const ref = (path: string) => ({ $ref: path });

/**
 * The webhooks channel: every offered event as a subscriber receives it (`webhookMessages`, gathered while the topics'
 * messages were built) and `webhook.test`, with the operation that sends them.
 */
function addWebhookChannel(parts: { schemas: Json; messages: Json; channels: Json; operations: Json; webhookMessages: Json }) {
  const { schemas, messages, channels, operations, webhookMessages } = parts;
  messages.WebhookTest = {
    name: WEBHOOK_TEST_EVENT_TYPE,
    title: 'Test event',
    summary: 'Sent by POST /api/webhooks/subscriptions/{id}/test; its subject is the subscription id.',
    traits: [ref('#/components/messageTraits/StandardWebhook')],
    payload: {
      allOf: [
        ref('#/components/schemas/WebhookEnvelope'),
        {
          type: 'object',
          properties: {
            type: { const: WEBHOOK_TEST_EVENT_TYPE },
            source: { const: '/webhooks' },
            data: zodToJsonSchemaComponent(WebhookTestDataSchema, schemas, { target: 'draft-7', refBase: '#/components/schemas/' }),
          },
        },
      ],
    },
  };
  webhookMessages.webhookTest = ref('#/components/messages/WebhookTest');
  channels.webhooks = {
    address: null,
    title: 'Webhook deliveries',
    description: [
      "Each subscription's https URL: a POST per event it wants (GET /api/webhooks/event-types lists the names), signed per",
      'Standard Webhooks (`webhook-id` is the event id, the same on every retry, resend and replay). The body is the',
      "event's envelope from its topic, with `type` made unambiguous alone (its topic in front, the name a subscription",
      'lists) and the `sequence` attribute; `webhook.test` is the event POST …/subscriptions/{id}/test sends.',
    ].join(' '),
    servers: [ref('#/servers/webhookReceiver')],
    messages: webhookMessages,
  };
  operations.deliverWebhooks = {
    action: 'send',
    channel: ref('#/channels/webhooks'),
    summary: 'The orders service POSTs the events each subscription wants, retried with backoff for 3 days.',
    messages: Object.keys(webhookMessages).map((key) => ref(`#/channels/webhooks/messages/${key}`)),
  };
}

export function buildAsyncApi(): Json {
  const schemas: Json = {};
  const messages: Json = {};
  const channels: Json = {};
  const operations: Json = {};
  zodToJsonSchemaComponent(EnvelopeSchema, schemas, { target: 'draft-7', refBase: '#/components/schemas/' });

  zodToJsonSchemaComponent(WebhookEnvelopeSchema, schemas, { target: 'draft-7', refBase: '#/components/schemas/' });
  const webhookMessages: Json = {};
  const message = (doc: TopicDoc, event: EventTypeDoc): string => {
    const id = `${pascal(doc.channel)}${pascal(event.type)}`;
    const data = zodToJsonSchemaComponent(event.data, schemas, { target: 'draft-7', refBase: '#/components/schemas/' });
    if ((WEBHOOK_TOPICS as readonly string[]).includes(doc.topic)) {
      const type = webhookEventType(doc.topic, event.type);
      webhookMessages[camel(`${doc.channel} ${event.type}`)] = ref(`#/components/messages/Webhook${id}`);
      messages[`Webhook${id}`] = {
        name: type,
        title: event.title,
        summary: event.summary,
        traits: [ref('#/components/messageTraits/StandardWebhook')],
        payload: {
          allOf: [ref('#/components/schemas/WebhookEnvelope'), { type: 'object', properties: { type: { const: type }, data } }],
        },
      };
    }
    messages[id] = {
      name: event.type,
      title: event.title,
      summary: event.summary,
      traits: [ref('#/components/messageTraits/CloudEvent')],
      payload: {
        allOf: [ref('#/components/schemas/Envelope'), { type: 'object', properties: { type: { const: event.type }, data } }],
      },
    };
    return id;
  };
  messages.Tombstone = {
    name: 'tombstone',
    title: 'Tombstone',
    summary: 'A null value after a `deleted` event: compaction drops the key.',
    payload: { type: 'null' },
  };

  for (const doc of EVENT_TOPICS) {
    const channelMessages: Json = {};
    for (const event of doc.events) channelMessages[camel(event.type)] = ref(`#/components/messages/${message(doc, event)}`);
    if (doc.compacted) channelMessages.tombstone = ref('#/components/messages/Tombstone');
    channels[doc.channel] = {
      address: doc.topic,
      servers: [ref('#/servers/local')],
      title: doc.title,
      description: channelDescription(doc),
      messages: channelMessages,
      bindings: { kafka: { topicConfiguration: { 'cleanup.policy': [doc.compacted ? 'compact' : 'delete'] } } },
    };
    const messageRefs = Object.keys(channelMessages).map((key) => ref(`#/channels/${doc.channel}/messages/${key}`));
    operations[`publish${pascal(doc.channel)}`] = {
      action: 'send',
      channel: ref(`#/channels/${doc.channel}`),
      summary: `The ${doc.owner} service publishes these events through its outbox.`,
      messages: messageRefs,
    };
    for (const consumer of doc.consumers) {
      operations[`${camel(consumer.group)}Receives${pascal(doc.channel)}`] = {
        action: 'receive',
        channel: ref(`#/channels/${doc.channel}`),
        summary: consumer.purpose,
        messages: messageRefs,
      };
    }
  }

  addWebhookChannel({ schemas, messages, channels, operations, webhookMessages });

  return {
    asyncapi: '3.0.0',
    info: { title: 'Back-office domain events', version: '1.0.0', description: DESCRIPTION, contact: { name: 'Back-office team' } },
    defaultContentType: 'application/json',
    servers: {
      local: {
        host: '127.0.0.1:9092',
        protocol: 'kafka',
        description: 'The single-node KRaft Kafka that `npm start` runs (deploy/local), or KAFKA_BROKERS.',
      },
      webhookReceiver: {
        host: 'hooks.example.com',
        protocol: 'https',
        description: "A webhook subscriber's receiver: the host of the subscription's URL.",
      },
    },
    channels,
    operations,
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
      messageTraits: {
        StandardWebhook: {
          headers: {
            type: 'object',
            properties: {
              'webhook-id': { type: 'string', description: "The envelope's id: the same on every retry, resend and replay." },
              'webhook-timestamp': { type: 'string', description: 'When this attempt was signed, in seconds since the epoch.' },
              'webhook-signature': {
                type: 'string',
                description: 'v1,<base64 HMAC-SHA256 of "id.timestamp.body" keyed with the secret after whsec_>.',
              },
            },
          },
        },
        CloudEvent: {
          headers: {
            type: 'object',
            properties: {
              ce_type: { type: 'string', description: "The envelope's type." },
              ce_id: { type: 'string', description: "The envelope's id." },
            },
          },
        },
      },
      messages,
    },
  };
}
