import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Parser } from '@asyncapi/parser';
import { parse } from 'yaml';
import { CLIENT_SERVICE_EVENT_TYPES, ORDER_EVENT_TYPES, ORDERS_CLIENT_SERVICE_TOPIC, ORDERS_ORDER_TOPIC } from '@backoffice/contracts';

interface Doc {
  channels: Record<string, { address: string; messages: Record<string, { $ref: string }> }>;
  components: { messages: Record<string, { name: string }> };
}

const source = readFileSync(join(__dirname, '../../../asyncapi.yaml'), 'utf8');
const doc = parse(source) as Doc;

function messageNames(address: string): string[] {
  const channel = Object.values(doc.channels).find((c) => c.address === address);
  if (!channel) throw new Error(`no channel ${address}`);
  return Object.values(channel.messages).map((m) => doc.components.messages[m.$ref.split('/').pop()!].name);
}

describe('asyncapi.yaml', () => {
  it('is a valid AsyncAPI 3 document for @asyncapi/parser', async () => {
    const { document, diagnostics } = await new Parser().parse(source);
    // Severity 0 is an error: the document would not be usable by AsyncAPI tools.
    expect(diagnostics.filter((d) => d.severity === 0).map((d) => `${d.code}: ${d.message} at ${d.path.join('.')}`)).toEqual([]);
    expect(document?.version()).toMatch(/^3\./);
  });

  it('documents every event type the orders service publishes', () => {
    expect(messageNames(ORDERS_CLIENT_SERVICE_TOPIC).sort()).toEqual([...CLIENT_SERVICE_EVENT_TYPES].sort());
    expect(messageNames(ORDERS_ORDER_TOPIC).sort()).toEqual([...ORDER_EVENT_TYPES].sort());
  });

  it('names the other topics of the product', () => {
    const addresses = Object.values(doc.channels).map((c) => c.address);
    expect(addresses).toEqual(
      expect.arrayContaining([
        'catalogue.service.v1',
        'payments.payment.v1',
        'identity.user.v1',
        'geography.region.v1',
        'scheduling.branch.v1',
        'crm.lead-import.v1',
      ]),
    );
  });
});
