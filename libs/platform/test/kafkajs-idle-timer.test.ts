import { randomUUID } from 'node:crypto';
import { createKafka } from '../src/kafka/kafka.module';

/**
 * A connected, idle kafkajs client arms no timer every millisecond (kafkajs 2.2.4 did, on each broker connection,
 * for as long as the process lived), and it still sends, receives and is not stuck after a quiet spell.
 */
it('an idle connection is quiet, and still works after it', async () => {
  const kafka = createKafka(process.env.KAFKA_BROKERS!.split(','), `idle-timer-${randomUUID()}`);
  const producer = kafka.producer();
  const admin = kafka.admin();
  await Promise.all([producer.connect(), admin.connect()]);
  const topic = `platform.idle-timer-${randomUUID()}`;
  try {
    await admin.createTopics({ topics: [{ topic }], waitForLeaders: true });
    await producer.send({ topic, messages: [{ value: 'first' }] });
    // One second of nothing: count the timers armed meanwhile.
    const armed: number[] = [];
    const original = global.setTimeout;
    global.setTimeout = ((handler: () => void, ms?: number, ...rest: unknown[]) => {
      armed.push(ms ?? 0);
      return original(handler, ms, ...rest);
    }) as typeof setTimeout;
    try {
      await new Promise((resolve) => original(resolve, 1000));
    } finally {
      global.setTimeout = original;
    }
    expect(armed.filter((ms) => ms <= 10).length).toBeLessThan(20);
    await producer.send({ topic, messages: [{ value: 'second' }] });
    const offsets = await admin.fetchTopicOffsets(topic);
    expect(offsets.reduce((sum, partition) => sum + Number(partition.high), 0)).toBe(2);
  } finally {
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await Promise.all([producer.disconnect(), admin.disconnect()]);
  }
});
