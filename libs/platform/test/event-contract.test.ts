import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { createTestDatabase } from '@backoffice/platform/testing';
import { OUTBOX_SCHEMA_SQL } from '../src/outbox/outbox.migration';
import { outboxContractProblems } from '../../../tests/event-contract';

const envelope = (type: string, data: unknown) => ({
  specversion: '1.0',
  id: randomUUID(),
  type,
  source: 'orders',
  time: new Date().toISOString(),
  subject: randomUUID(),
  datacontenttype: 'application/json',
  data,
});

describe('the event contract check (every outbox row against asyncapi.yaml)', () => {
  it('passes documented events and names each one that breaks its schema or is not documented', async () => {
    const database = await createTestDatabase('contract');
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      for (const sql of OUTBOX_SCHEMA_SQL) await client.query(sql);
      const insert = (topic: string, type: string, payload: unknown) =>
        client.query('insert into outbox (id, topic, key, type, payload) values ($1, $2, $3, $4, $5)', [
          randomUUID(),
          topic,
          'k',
          type,
          payload === null ? null : JSON.stringify(payload),
        ]);
      const paid = { orderId: randomUUID(), paymentId: 'p-1', paidAt: new Date().toISOString() };
      await insert('t1.orders.order.v1', 'paid', envelope('paid', paid));
      await insert('catalogue.service.v1', 'deleted', envelope('deleted', { id: 4 }));
      await insert('catalogue.service.v1', 'deleted', null);
      await insert('t1.platform.scratch-test.v1', 'anything', { whatever: true });
      expect(await outboxContractProblems(database.url)).toEqual([]);

      await insert('t1.orders.order.v1', 'paid', envelope('paid', { ...paid, paidAt: 'yesterday', extra: 1 }));
      await insert('t1.orders.order.v1', 'refunded', envelope('refunded', paid));
      await insert('orders.order.v1', 'paid', null);
      await insert('t1.orders.invoice.v1', 'paid', envelope('paid', paid));
      const problems = await outboxContractProblems(database.url);
      expect(problems).toHaveLength(4);
      expect(problems[0]).toMatch(/orders\.order\.v1 paid: .*\/data\/paidAt must match format "date-time"/);
      expect(problems[0]).toMatch(/must NOT have additional properties/);
      expect(problems[1]).toBe('orders.order.v1: event type "refunded" is not documented');
      expect(problems[2]).toBe('orders.order.v1: event type "paid" (tombstone) is not documented');
      expect(problems[3]).toBe('t1.orders.invoice.v1: the topic is not in asyncapi.yaml');
    } finally {
      await client.end();
      await database.drop();
    }
  });
});
