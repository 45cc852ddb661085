import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { Consumer, Kafka } from 'kafkajs';
import { CATALOGUE_SERVICE_TOPIC } from '@backoffice/contracts';
import { AuditTrail, KAFKA, topicName, UnavailableError } from '@backoffice/platform';
import { CatalogueReadModel } from './catalogue-read-model.service';
import { decodeKafkaValue, mapCatalogueMessage, type CatalogueMessageDecision } from './catalogue-service.mapping';

export interface RebuildResult {
  /** Messages read from the topic. */
  messages: number;
  /** Services in the read model afterwards. */
  services: number;
  ms: number;
}

const REBUILD_TIMEOUT_MS = 60_000;
/** Pauses before the second and third reading of the topic: a broker under load answers some metadata and group calls late or not at all. */
const READ_RETRY_DELAYS_MS = [300, 1_000];

/**
 * Rebuilds the catalogue read model from the start of catalogue.service.v1 (compacted, so the
 * topic holds the latest state of every service). A throwaway consumer group reads every partition
 * up to its end, the latest decision per service wins, and the table is reconciled in one
 * transaction: rows the topic no longer has are removed, the rest upserted (never over a newer state
 * the live consumer may have written meanwhile). Runs by itself at start when the table is empty.
 */
@Injectable()
export class CatalogueReadModelRebuild implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CatalogueReadModelRebuild');
  private running?: Promise<RebuildResult>;
  private consumer?: Consumer;

  constructor(
    @Inject(KAFKA) private readonly kafka: Kafka,
    private readonly em: EntityManager,
    private readonly readModel: CatalogueReadModel,
    private readonly audit: AuditTrail,
  ) {}

  onApplicationBootstrap() {
    // A database restored empty while the consumer group kept its offsets would otherwise stay empty.
    const checkedAt = new Date();
    void this.readModel
      .count()
      .then((count) => (count === 0 ? this.rebuild(checkedAt) : undefined))
      .catch((error: Error) => this.logger.warn(`start-up rebuild of the catalogue read model skipped: ${error.message}`));
  }

  async onApplicationShutdown() {
    await this.consumer?.disconnect().catch(() => undefined);
  }

  /**
   * One rebuild at a time; a second caller shares the running one. Rows received after `since`
   * (default: now) are never removed: they are newer than what the rebuild read.
   */
  rebuild(since = new Date()): Promise<RebuildResult> {
    this.running ??= this.run(since).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async run(startedAt: Date): Promise<RebuildResult> {
    const started = Date.now();
    const topic = topicName(CATALOGUE_SERVICE_TOPIC);
    const { decisions, messages } = await this.readTopicPatiently(topic);
    const latest = new Map<number, CatalogueMessageDecision>();
    for (const decision of decisions) if (decision.kind !== 'skip') latest.set(decision.id, decision);
    const keep = [...latest.values()].flatMap((d) => (d.kind === 'upsert' ? [d] : []));
    const before = await this.readModel.count();
    await this.em.fork().transactional(async (em) => {
      // An Admin's rebuild is in the audit log (the rows change by statements the unit of work does not see).
      this.audit.record(em, [
        {
          entityType: 'CatalogueReadModel',
          recordId: 'catalogue',
          action: 'updated',
          fields: { services: { before, after: keep.length } },
          note: `Rebuilt from ${messages} messages of ${CATALOGUE_SERVICE_TOPIC}.`,
        },
      ]);
      await em
        .getConnection()
        .execute(
          'delete from catalogue_services where not (id = any(?::int[])) and received_at < ?',
          [`{${keep.map((d) => d.id).join(',')}}`, startedAt],
          'run',
          em.getTransactionContext(),
        );
      for (const decision of keep) await this.readModel.upsert(em, decision.state);
    });
    const result = { messages, services: await this.readModel.count(), ms: Date.now() - started };
    this.logger.log(`rebuilt the catalogue read model: ${result.services} services from ${result.messages} messages in ${result.ms} ms`);
    return result;
  }

  /**
   * readTopic, tried again on a broker error (a fresh consumer group each time; nothing was written yet).
   * When Kafka keeps failing, the caller gets a 503 naming the cause, never a 500.
   */
  private async readTopicPatiently(topic: string): Promise<{ decisions: CatalogueMessageDecision[]; messages: number }> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.readTopic(topic);
      } catch (error) {
        const reason = (error as Error).message;
        const delay = READ_RETRY_DELAYS_MS[attempt];
        if (delay === undefined)
          throw new UnavailableError(`The catalogue topic could not be read from Kafka (${reason}); try again shortly.`);
        this.logger.warn(`reading ${topic} failed (${reason}); trying again in ${delay} ms`);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  /** Every message of the topic up to its current end, in partition order. */
  private async readTopic(topic: string): Promise<{ decisions: CatalogueMessageDecision[]; messages: number }> {
    const admin = this.kafka.admin();
    await admin.connect();
    let pending: Set<number>;
    try {
      const topics = await admin.listTopics();
      if (!topics.includes(topic)) return { decisions: [], messages: 0 };
      const offsets = await admin.fetchTopicOffsets(topic);
      pending = new Set(offsets.filter((o) => BigInt(o.high) > BigInt(o.low)).map((o) => o.partition));
    } finally {
      await admin.disconnect();
    }
    if (pending.size === 0) return { decisions: [], messages: 0 };

    const groupId = `${process.env.KAFKA_TOPIC_PREFIX ?? ''}orders.catalogue-rebuild.${randomUUID()}`;
    const consumer = this.kafka.consumer({ groupId, sessionTimeout: 10_000, heartbeatInterval: 1_000, allowAutoTopicCreation: false });
    this.consumer = consumer;
    const decisions: CatalogueMessageDecision[] = [];
    let messages = 0;
    try {
      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: true });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the topic was not read to its end within ${REBUILD_TIMEOUT_MS} ms`)),
          REBUILD_TIMEOUT_MS,
        );
        consumer
          .run({
            autoCommit: false,
            eachBatch: async ({ batch }) => {
              for (const message of batch.messages) {
                messages += 1;
                decisions.push(mapCatalogueMessage(message.key?.toString() ?? null, decodeKafkaValue(message.value)));
              }
              if (batch.offsetLag() === '0') pending.delete(batch.partition);
              if (pending.size === 0) {
                clearTimeout(timer);
                resolve();
              }
            },
          })
          .catch(reject);
      });
    } finally {
      await consumer.disconnect().catch(() => undefined);
      this.consumer = undefined;
      const admin = this.kafka.admin();
      await admin
        .connect()
        .then(() => admin.deleteGroups([groupId]))
        .catch(() => undefined)
        .finally(() => admin.disconnect().catch(() => undefined));
    }
    return { decisions, messages };
  }
}
