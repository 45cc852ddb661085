// The event contract check: every event an integration test makes a service write to its outbox must match
// asyncapi.yaml. tests/event-contract.setup.ts runs it on each test database after its service closes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { Client } from 'pg';
import { parse } from 'yaml';

interface AsyncApiDoc {
  channels: Record<string, { address: string | null; messages: Record<string, { $ref: string }> }>;
  components: { messages: Record<string, { name: string }> };
}

interface Contract {
  /** The topic; null for the webhook deliveries (each subscription's URL). */
  address: string | null;
  /** Validators by event type (the message name); `tombstone` when the topic is compacted. */
  byType: Map<string, ValidateFunction>;
}

let contracts: Contract[] | undefined;

function load(): Contract[] {
  const doc = parse(readFileSync(join(__dirname, '../asyncapi.yaml'), 'utf8')) as AsyncApiDoc;
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(doc as object, 'asyncapi');
  return Object.values(doc.channels).map((channel) => {
    const byType = new Map<string, ValidateFunction>();
    for (const { $ref } of Object.values(channel.messages)) {
      const id = $ref.split('/').pop()!;
      const validate = ajv.getSchema(`asyncapi#/components/messages/${id}/payload`);
      if (!validate) throw new Error(`asyncapi.yaml: no payload schema for ${id}`);
      byType.set(doc.components.messages[id].name, validate);
    }
    return { address: channel.address, byType };
  });
}

/** A test's own topic, `platform.<what>-test.v1` (under a run's prefix or not), which no contract covers. */
export const isScratchTopic = (topic: string) => /(^|\.)platform\.[a-z0-9-]+-test\.v1$/.test(topic);

/** What is wrong with the outbox of a test database: one line per event that breaks its contract. */
export async function outboxContractProblems(databaseUrl: string): Promise<string[]> {
  contracts ??= load();
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const exists = await client.query<{ name: string | null }>(`select to_regclass('outbox')::text as name`);
    if (!exists.rows[0]?.name) return [];
    const rows = await client.query<{ topic: string; type: string; payload: unknown }>(
      'select topic, type, payload from outbox order by seq',
    );
    const problems: string[] = [];
    for (const row of rows.rows) {
      const contract = contracts.find((c) => row.topic === c.address || row.topic.endsWith(`.${c.address}`));
      if (!contract) {
        // Only the platform's own tests publish to scratch topics, and they say so in the name; any other topic no
        // channel names is an undocumented one.
        if (!isScratchTopic(row.topic)) problems.push(`${row.topic}: the topic is not in asyncapi.yaml`);
        continue;
      }
      const validate = contract.byType.get(row.payload === null ? 'tombstone' : row.type);
      if (!validate) {
        problems.push(`${contract.address}: event type "${row.type}"${row.payload === null ? ' (tombstone)' : ''} is not documented`);
      } else if (!validate(row.payload)) {
        const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
        problems.push(`${contract.address} ${row.type}: ${errors}`);
      }
    }
    return problems;
  } finally {
    await client.end();
  }
}

/** Throws, naming every event of the test database's outbox that breaks its contract. */
export async function assertOutboxContracts(databaseUrl: string): Promise<void> {
  const problems = await outboxContractProblems(databaseUrl);
  if (problems.length) throw new Error(`events that do not match asyncapi.yaml:\n${[...new Set(problems)].join('\n')}`);
}

/** What is wrong with webhook bodies as receivers got them: one line per body that breaks the `webhooks` channel. */
export function webhookContractProblems(bodies: string[]): string[] {
  contracts ??= load();
  const contract = contracts.find((c) => c.address === null)!;
  return bodies.flatMap((body) => {
    const event: unknown = JSON.parse(body);
    const type = String((event as { type?: unknown }).type);
    const validate = contract.byType.get(type);
    if (!validate) return [`webhook event type "${type}" is not documented`];
    if (validate(event)) return [];
    return [`${type}: ${(validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ')}`];
  });
}
