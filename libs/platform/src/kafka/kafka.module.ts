import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Kafka, logLevel, type Admin } from 'kafkajs';
import { SERVICE_CONFIG } from '../config/config.token';
import type { BaseConfig } from '../config/service-config';
import { fixKafkajsIdleTimer } from './kafkajs-idle-timer';

fixKafkajsIdleTimer();

export const KAFKA = Symbol('KAFKA');

export interface KafkaTopicSpec {
  name: string;
  /** Compacted topics keep the latest state per key (e.g. catalogue.service.v1). */
  compacted?: boolean;
  partitions?: number;
}

export function createKafka(brokers: string[], clientId: string): Kafka {
  return new Kafka({
    clientId,
    brokers,
    connectionTimeout: 3000,
    requestTimeout: 10000,
    retry: { retries: 3, initialRetryTime: 200, maxRetryTime: 2000 },
    logLevel: logLevel.NOTHING,
  });
}

/**
 * Creates the given topics when missing (compaction where asked), then waits until every partition of all of them
 * has a leader: a topic another service created a moment ago may still be without one, and a consumer's first
 * ListOffsets would then fail with "not the leader for that topic-partition".
 */
export async function ensureTopics(kafka: Kafka, topics: KafkaTopicSpec[]): Promise<void> {
  if (topics.length === 0) return;
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = topics.filter((t) => !existing.has(t.name));
    if (missing.length) {
      await admin.createTopics({
        // Leaders are awaited below: kafkajs's own wait gives up when a busy broker has not yet published the
        // new topic's metadata (UNKNOWN_TOPIC_OR_PARTITION), which a moment later it has.
        waitForLeaders: false,
        topics: missing.map((t) => ({
          topic: t.name,
          numPartitions: t.partitions ?? 3,
          replicationFactor: -1,
          configEntries: t.compacted ? [{ name: 'cleanup.policy', value: 'compact' }] : [],
        })),
      });
    }
    await waitForLeaders(
      admin,
      topics.map((t) => t.name),
    );
  } finally {
    await admin.disconnect();
  }
}

/** Errors of a partition whose leader is not settled yet: the wait below tries again. */
const UNSETTLED = new Set(['UNKNOWN_TOPIC_OR_PARTITION', 'LEADER_NOT_AVAILABLE', 'NOT_LEADER_FOR_PARTITION']);

/**
 * Waits, for up to `timeoutMs`, until every partition of `topics` has a leader that answers ListOffsets: the
 * metadata names a leader a moment before that broker serves the partition.
 */
async function waitForLeaders(admin: Admin, topics: string[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const { topics: found } = await admin.fetchTopicMetadata({ topics });
      const led = found.length === topics.length && found.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0));
      if (led) {
        await Promise.all(topics.map((topic) => admin.fetchTopicOffsets(topic)));
        return;
      }
    } catch (error) {
      const { type, originalError } = error as { type?: string; originalError?: { type?: string } };
      if (!UNSETTLED.has(type ?? '') && !UNSETTLED.has(originalError?.type ?? '')) throw error;
    }
    if (Date.now() > deadline) throw new Error(`Kafka topics ${topics.join(', ')} have no leader after ${timeoutMs / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

@Injectable()
class KafkaHolder implements OnApplicationShutdown {
  constructor(@Inject(KAFKA) readonly kafka: Kafka) {}
  async onApplicationShutdown() {}
}

@Global()
@Module({
  providers: [
    {
      provide: KAFKA,
      inject: [SERVICE_CONFIG],
      useFactory: (config: BaseConfig & { KAFKA_BROKERS: string[]; KAFKA_CLIENT_ID?: string }) =>
        createKafka(config.KAFKA_BROKERS, config.KAFKA_CLIENT_ID ?? config.SERVICE_NAME),
    },
    KafkaHolder,
  ],
  exports: [KAFKA],
})
export class KafkaModule {}
