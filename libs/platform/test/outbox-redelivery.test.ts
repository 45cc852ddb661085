import { MikroORM } from '@mikro-orm/core';
import { Client } from 'pg';
import { InboxService, OutboxRelay, OutboxService, topicName } from '@backoffice/platform';
import type { TestService } from '@backoffice/platform/testing';
import { relayReplica, startPlatformService, testKafka } from './platform-test-service';

/**
 * The relay dies after Kafka acknowledged a batch but before it marked the rows sent.
 * On restart it sends them again; a consumer with the inbox applies each event once.
 */
const TOPIC = 'platform.redelivery-test.v1';

/** A relay that "crashes" right after the broker's acknowledgement, before marking the rows. */
class CrashAfterAckRelay extends OutboxRelay {
  protected override async markPublished(): Promise<void> {
    throw new Error('killed after the acknowledgement');
  }
}

let service: TestService;
beforeAll(async () => {
  service = await startPlatformService({ topics: [{ name: TOPIC }], relay: false });
});
afterAll(async () => {
  await service?.close();
});

it('applies each event once when a batch is re-sent after a crash between acknowledgement and mark', async () => {
  const orm = service.app.get(MikroORM);
  const outbox = service.app.get(OutboxService);
  const inbox = service.app.get(InboxService);
  const relay = service.app.get(OutboxRelay);
  await orm.em.fork().transactional(async (em) => {
    for (let n = 0; n < 50; n++) outbox.add(em, { topic: TOPIC, type: 'tick', subject: `k${n % 5}`, data: { n } });
  });

  const pg = new Client({ connectionString: service.databaseUrl });
  await pg.connect();
  const crashing = relayReplica(service, CrashAfterAckRelay);
  await expect(crashing.publishBatch(pg)).rejects.toThrow('killed after the acknowledgement');
  await crashing.onApplicationShutdown();
  expect(Number((await pg.query('select count(*) from outbox where published_at is null')).rows[0].count)).toBe(50);

  // The restarted relay sends the same 50 again and marks them.
  expect(await relay.publishBatch(pg)).toBe(50);
  expect(Number((await pg.query('select count(*) from outbox where published_at is null')).rows[0].count)).toBe(0);

  const consumer = testKafka('redelivery-test').consumer({ groupId: `redelivery-${Date.now()}` });
  await consumer.connect();
  await consumer.subscribe({ topic: topicName(TOPIC), fromBeginning: true });
  let received = 0;
  let applied = 0;
  await consumer.run({
    eachMessage: async ({ message }) => {
      received++;
      const event = JSON.parse(message.value!.toString()) as { id: string };
      if (await inbox.handleOnce('redelivery-test', event.id, async () => undefined)) applied++;
    },
  });
  const deadline = Date.now() + 60_000;
  while (received < 100 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  await consumer.disconnect();
  await pg.end();
  expect(received).toBe(100); // every event arrived twice
  expect(applied).toBe(50); // and was applied once
}, 120_000);
