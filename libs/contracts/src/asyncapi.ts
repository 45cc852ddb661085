import { z } from 'zod';
import { EVENT_TOPICS, type EventTypeDoc, type TopicDoc } from './events';
import { zodToJsonSchemaComponent } from './json-schema';

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

const DESCRIPTION = `Domain events of the back-office services. Every event is written to the owning service's \`outbox\`
table in the same database transaction as the change, and a relay publishes it to Kafka (idempotent producer,
acks=all). The Kafka key is the aggregate id, so the events of one aggregate stay in order on one partition.
Consumers keep an \`inbox\` of handled event ids and ignore repeats. The same envelopes reach webhook
subscribers as signed POSTs (Standard Webhooks headers).

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

export function buildAsyncApi(): Json {
  const schemas: Json = {};
  const messages: Json = {};
  const channels: Json = {};
  const operations: Json = {};
  const ref = (path: string) => ({ $ref: path });
  zodToJsonSchemaComponent(EnvelopeSchema, schemas, { target: 'draft-7', refBase: '#/components/schemas/' });

  const message = (doc: TopicDoc, event: EventTypeDoc): string => {
    const id = `${pascal(doc.channel)}${pascal(event.type)}`;
    const data = zodToJsonSchemaComponent(event.data, schemas, { target: 'draft-7', refBase: '#/components/schemas/' });
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
    },
    channels,
    operations,
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
      messageTraits: {
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
