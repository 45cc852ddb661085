import { randomUUID } from 'node:crypto';
import { ConfigResourceTypes, Kafka, logLevel } from 'kafkajs';
import { createKafka, ensureTopics } from '../src/kafka/kafka.module';

const brokers = () => process.env.KAFKA_BROKERS!.split(',');
/** A client that never retries: it sees the broker as a consumer's first request does. */
const impatient = () =>
  new Kafka({ clientId: `impatient-${randomUUID()}`, brokers: brokers(), retry: { retries: 0 }, logLevel: logLevel.NOTHING });

/**
 * ensureTopics answers only once every partition of every topic it was given serves ListOffsets, the first request
 * of a consumer: whether it created the topics or another service created them a moment earlier (the case where
 * a consumer used to log "This server is not the leader for that topic-partition" on a fresh broker).
 */
describe('ensureTopics', () => {
  const created: string[] = [];
  const admin = impatient().admin();
  beforeAll(() => admin.connect());
  afterAll(async () => {
    await admin.deleteTopics({ topics: created }).catch(() => undefined);
    await admin.disconnect();
  });

  it('creates missing topics, compacted where asked, ready for a consumer at once', async () => {
    const plain = `platform.ensure-${randomUUID()}`;
    const compacted = `platform.ensure-compacted-${randomUUID()}`;
    created.push(plain, compacted);
    await ensureTopics(createKafka(brokers(), 'ensure-topics-test'), [
      { name: plain, partitions: 2 },
      { name: compacted, compacted: true },
    ]);
    expect((await admin.fetchTopicOffsets(plain)).length).toBe(2);
    expect((await admin.fetchTopicOffsets(compacted)).length).toBe(3);
    const [config] = (
      await admin.describeConfigs({ resources: [{ type: ConfigResourceTypes.TOPIC, name: compacted, configNames: ['cleanup.policy'] }] })
    ).resources;
    expect(config.configEntries[0].configValue).toBe('compact');
  });

  it('waits for the partitions of a topic another client has only just created', async () => {
    for (let round = 0; round < 5; round++) {
      const topic = `platform.ensure-other-${randomUUID()}`;
      created.push(topic);
      // Another service creates the topic without waiting for its leaders; this one ensures it at once.
      await admin.createTopics({ topics: [{ topic, numPartitions: 3 }], waitForLeaders: false });
      await ensureTopics(createKafka(brokers(), 'ensure-topics-test'), [{ name: topic }]);
      expect((await admin.fetchTopicOffsets(topic)).map((p) => p.offset)).toEqual(['0', '0', '0']);
    }
  });
});
