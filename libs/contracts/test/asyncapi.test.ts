import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Parser } from '@asyncapi/parser';
import { parse, stringify } from 'yaml';
import {
  AUDIT_TOPIC,
  EVENT_TOPICS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT_TYPE,
  WEBHOOK_TOPICS,
  WebhookEventFilterSchema,
} from '@backoffice/contracts';
import { buildAsyncApi } from '../src/asyncapi';

const file = join(__dirname, '../../../asyncapi.yaml');
const generated = stringify(buildAsyncApi(), { lineWidth: 120 });
if (process.env.UPDATE_ASYNCAPI === '1') writeFileSync(file, generated);
const source = readFileSync(file, 'utf8');

interface Doc {
  channels: Record<string, { address: string; messages: Record<string, { $ref: string }> }>;
  components: { messages: Record<string, { name: string }> };
}
const doc = parse(source) as Doc;

describe('asyncapi.yaml', () => {
  it('is exactly what the zod contracts generate (regenerate with UPDATE_ASYNCAPI=1)', () => {
    expect(source).toBe(generated);
  });

  it('is a valid AsyncAPI 3 document for @asyncapi/parser', async () => {
    const { document, diagnostics } = await new Parser().parse(source);
    // Severity 0 is an error: the document would not be usable by AsyncAPI tools.
    expect(diagnostics.filter((d) => d.severity === 0).map((d) => `${d.code}: ${d.message} at ${d.path.join('.')}`)).toEqual([]);
    expect(document?.version()).toMatch(/^3\./);
    expect(document?.channels().length).toBe(EVENT_TOPICS.length + 1); // every topic, and the webhook deliveries
  });

  it('documents every event type of every topic, with a tombstone on compacted topics', () => {
    for (const topic of EVENT_TOPICS) {
      const channel = Object.values(doc.channels).find((c) => c.address === topic.topic);
      const names = Object.values(channel!.messages).map((m) => doc.components.messages[m.$ref.split('/').pop()!].name);
      expect(names.sort()).toEqual([...topic.events.map((e) => e.type), ...(topic.compacted ? ['tombstone'] : [])].sort());
    }
  });

  it('offers webhooks exactly the documented topics and types', () => {
    for (const topic of WEBHOOK_TOPICS) {
      expect([...WEBHOOK_EVENT_TYPES[topic]].sort()).toEqual(
        EVENT_TOPICS.find((t) => t.topic === topic)!
          .events.map((e) => e.type)
          .sort(),
      );
    }
  });

  it('documents what a webhook receiver gets: every topic:type it may subscribe to and webhook.test, with the sequence', () => {
    const channel = doc.channels.webhooks;
    const names = Object.values(channel.messages).map((m) => doc.components.messages[m.$ref.split('/').pop()!].name);
    expect(names.sort()).toEqual(
      [WEBHOOK_TEST_EVENT_TYPE, ...WEBHOOK_TOPICS.flatMap((topic) => WEBHOOK_EVENT_TYPES[topic].map((type) => `${topic}:${type}`))].sort(),
    );
    const envelope = (parse(source) as { components: { schemas: Record<string, { required: string[] }> } }).components.schemas
      .WebhookEnvelope;
    expect(envelope.required).toEqual(expect.arrayContaining(['type', 'subject', 'sequence']));
  });

  it('never offers the audit log to webhooks (it carries personal data before and after)', () => {
    expect(WEBHOOK_TOPICS as readonly string[]).not.toContain(AUDIT_TOPIC);
    expect(() => WebhookEventFilterSchema.parse(AUDIT_TOPIC)).toThrow();
  });
});
