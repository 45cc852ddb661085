import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CompressionTypes, type Kafka, type Producer } from 'kafkajs';
import { Client } from 'pg';
import { KAFKA, ensureTopics, type KafkaTopicSpec } from '../kafka/kafka.module';
import { SERVICE_CONFIG } from '../config/config.token';
import { topicName } from './event-envelope';

export const OUTBOX_OPTIONS = Symbol('OUTBOX_OPTIONS');

export interface OutboxOptions {
  topics: KafkaTopicSpec[];
  /** Poll interval when no NOTIFY arrives (fallback), ms. */
  pollMs?: number;
  batchSize?: number;
  /** Set false to run the relay elsewhere (tests that drive it by hand). */
  relay?: boolean;
}

interface Row {
  seq: string;
  topic: string;
  key: string;
  payload: Record<string, unknown> | null;
  request_id: string | null;
}

/** The CloudEvents binary-mode headers a consumer routes and dedupes on, and the request the event comes from. */
function headersOf(row: Row): Record<string, string> {
  const headers: Record<string, string> = row.payload ? { ce_type: String(row.payload.type), ce_id: String(row.payload.id) } : {};
  if (row.request_id) headers['x-request-id'] = row.request_id;
  return headers;
}

const LOCK_KEY = 0x0b0c_0ff1; // one relay per service database

/**
 * Publishes outbox rows to Kafka, oldest first, and marks them sent.
 * One active relay per database: a session advisory lock elects it, so replicas stand by.
 * Rows are chosen by "not yet published" (never an id cursor), so a late commit is not skipped.
 * NOTIFY wakes it; polling stays as the fallback. Kafka being down only delays publishing.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OutboxRelay');
  private client?: Client;
  private producer?: Producer;
  private running = false;
  private leader = false;
  private wake?: () => void;
  /** A NOTIFY arrived since the last look at the outbox: do not sleep before looking again. */
  private notified = false;
  private loopDone?: Promise<void>;
  private topicsReady = false;
  /** Published count, for metrics and tests. */
  published = 0;

  constructor(
    @Inject(KAFKA) private readonly kafka: Kafka,
    @Inject(SERVICE_CONFIG) private readonly config: { DATABASE_URL: string },
    @Inject(OUTBOX_OPTIONS) private readonly options: OutboxOptions,
  ) {}

  onApplicationBootstrap() {
    if (this.options.relay === false) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  async onApplicationShutdown() {
    this.running = false;
    this.wake?.();
    await this.loopDone;
    await this.producer?.disconnect().catch(() => undefined);
    await this.client?.end().catch(() => undefined);
  }

  get isLeader() {
    return this.leader;
  }

  private sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async connect(): Promise<Client> {
    const client = new Client({ connectionString: this.config.DATABASE_URL, connectionTimeoutMillis: 3000 });
    client.on('error', () => undefined);
    client.on('notification', () => {
      // A commit may land between a look that found nothing and the sleep after it: remember it.
      this.notified = true;
      this.wake?.();
    });
    client.on('end', () => {
      if (this.client === client) {
        this.client = undefined;
        this.leader = false;
      }
    });
    await client.connect();
    return client;
  }

  private async loop(): Promise<void> {
    let backoff = 200;
    while (this.running) {
      try {
        if (!this.client) {
          this.client = await this.connect();
          this.leader = false;
        }
        if (!this.leader) {
          const { rows } = await this.client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [LOCK_KEY]);
          this.leader = rows[0]?.locked === true;
          if (!this.leader) {
            await this.sleep(2000);
            continue;
          }
          await this.client.query('listen outbox');
          this.logger.log('this replica now publishes the outbox');
        }
        this.notified = false;
        const sent = await this.publishBatch(this.client);
        backoff = 200;
        // Nothing to send: sleep until a NOTIFY (or the poll), unless one came in while looking.
        if (sent === 0 && !this.notified) await this.sleep(this.options.pollMs ?? 1000);
      } catch (error) {
        this.logger.warn(`outbox relay paused: ${(error as Error).message}`);
        // The connection's 'end' handler may clear this.client meanwhile (a cut connection): hold on to it here.
        const client = this.client;
        if (client && !(await this.alive(client))) {
          await client.end().catch(() => undefined);
          if (this.client === client) {
            this.client = undefined;
            this.leader = false;
          }
        }
        await this.sleep(backoff);
        backoff = Math.min(backoff * 2, 5000);
      }
    }
  }

  private async alive(client: Client): Promise<boolean> {
    try {
      await client.query('select 1');
      return true;
    } catch {
      return false;
    }
  }

  private async ensureProducer(): Promise<Producer> {
    if (!this.topicsReady) {
      await ensureTopics(
        this.kafka,
        this.options.topics.map((t) => ({ ...t, name: topicName(t.name) })),
      );
      this.topicsReady = true;
    }
    if (!this.producer) {
      const producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: true });
      await producer.connect();
      this.producer = producer;
    }
    return this.producer;
  }

  /** Publishes up to one batch; answers how many rows it sent. */
  async publishBatch(client: Client): Promise<number> {
    const { rows } = await client.query<Row>(
      'select seq, topic, key, payload, request_id from outbox where published_at is null order by seq limit $1',
      [this.options.batchSize ?? 1000],
    );
    if (rows.length === 0) return 0;
    const producer = await this.ensureProducer();
    const byTopic = new Map<string, { key: string; value: string | null; headers: Record<string, string> }[]>();
    for (const row of rows) {
      const list = byTopic.get(row.topic) ?? [];
      list.push({
        key: row.key,
        value: row.payload === null ? null : JSON.stringify(row.payload),
        headers: headersOf(row),
      });
      byTopic.set(row.topic, list);
    }
    try {
      await producer.sendBatch({
        acks: -1,
        compression: CompressionTypes.None,
        topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
      });
    } catch (error) {
      // A broken producer is rebuilt next time round.
      await producer.disconnect().catch(() => undefined);
      this.producer = undefined;
      throw error;
    }
    // A crash between the acknowledgement above and this mark re-sends the batch on restart:
    // delivery is at least once, and consumers' inboxes make it effectively once.
    await this.markPublished(
      client,
      rows.map((r) => r.seq),
    );
    this.published += rows.length;
    return rows.length;
  }

  protected async markPublished(client: Client, seqs: string[]): Promise<void> {
    await client.query('update outbox set published_at = now() where seq = any($1::bigint[])', [seqs]);
  }
}
