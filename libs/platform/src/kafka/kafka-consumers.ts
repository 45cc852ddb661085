import { type INestMicroservice, Logger } from '@nestjs/common';
import { type MicroserviceOptions, type NestMicroservice, Transport } from '@nestjs/microservices';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { logLevel, Partitioners, type Consumer, type Producer } from 'kafkajs';
import { SERVICE_CONFIG } from '../config/config.token';
import { topicName } from '../outbox/event-envelope';
import { createKafka, ensureTopics, type KafkaTopicSpec } from './kafka.module';
import { EventLogContextInterceptor } from './event-log-context.interceptor';

export interface KafkaConsumersOptions {
  /** The consumer group without the stack's topic prefix (added here, so side-by-side stacks never share one). */
  groupId: string;
  /** Base names of the topics the @EventPattern handlers read: created (with their spec) when missing, before subscribing. */
  topics: KafkaTopicSpec[];
}

interface ConsumerConfig {
  SERVICE_NAME: string;
  KAFKA_BROKERS: string[];
  KAFKA_CLIENT_ID?: string;
  KAFKA_TOPIC_PREFIX?: string;
}

/**
 * A service's `configure` step for its Kafka consumers (docs/architecture.md): the Nest Kafka transport
 * attached to the HTTP app, whose @EventPattern handlers (topic names with the stack's prefix) run for
 * each message. A handler that rejects is retried by Kafka (the message is redelivered), so handlers
 * dedupe with the inbox. Each handler runs in its event's log context (EventLogContextInterceptor). The consumers start once the app is initialised (migrations applied) and in
 * the background: Kafka being down delays them, never the start, and they keep retrying.
 */
export async function connectKafkaConsumers(app: NestFastifyApplication, options: KafkaConsumersOptions): Promise<void> {
  const config = app.get<ConsumerConfig>(SERVICE_CONFIG);
  const prefix = config.KAFKA_TOPIC_PREFIX ?? process.env.KAFKA_TOPIC_PREFIX ?? '';
  const groupId = `${prefix}${options.groupId}`;
  const logger = new Logger('KafkaConsumers');
  let closing = false;
  const microservice = app.connectMicroservice<MicroserviceOptions>(
    {
      transport: Transport.KAFKA,
      options: {
        postfixId: '',
        client: {
          clientId: `${config.KAFKA_CLIENT_ID ?? config.SERVICE_NAME}-consumer`,
          brokers: config.KAFKA_BROKERS,
          connectionTimeout: 3000,
          retry: { retries: 8, initialRetryTime: 300, maxRetryTime: 5000 },
          logLevel: logLevel.WARN,
        },
        consumer: {
          groupId,
          allowAutoTopicCreation: false,
          sessionTimeout: 15_000,
          heartbeatInterval: 1_000,
          // Keep consuming after broker outages and handler failures (the message is redelivered).
          retry: { retries: 8, initialRetryTime: 300, maxRetryTime: 5000, restartOnFailure: async () => !closing },
        },
        // The transport's reply producer (never used: handlers answer nothing), with kafkajs's current
        // partitioner named so it stops warning about the v2 default on every start.
        producer: { createPartitioner: Partitioners.DefaultPartitioner },
        subscribe: { fromBeginning: true },
        run: { autoCommit: true },
      },
    },
    // Deferred so that the interceptor below is registered before the handlers are made; then what Nest does itself.
    { inheritAppConfig: false, deferInitialization: true },
  ) as NestMicroservice;
  // Each handler runs in its event's log context: eventId (ce_id) and the causing requestId on every line.
  microservice.useGlobalInterceptors(new EventLogContextInterceptor());
  microservice.registerListeners();
  microservice.setIsInitialized(true);
  microservice.setIsInitHookCalled(true);
  await app.init();

  const topics = options.topics.map((topic) => ({ ...topic, name: topicName(topic.name, prefix) }));
  let wake: (() => void) | undefined;
  const starting = (async () => {
    for (let attempt = 1; !closing; attempt++) {
      try {
        await ensureTopics(createKafka(config.KAFKA_BROKERS, `${config.SERVICE_NAME}-topics`), topics);
        await microservice.listen();
        logger.log(`consuming ${topics.map((t) => t.name).join(', ')} as ${groupId}`);
        return;
      } catch (error) {
        if (closing) return;
        const wait = Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));
        logger.warn(`Kafka consumers not started (${(error as Error).message}); retrying in ${wait / 1000} s`);
        await disconnectHalfStarted(microservice);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, wait).unref();
        });
      }
    }
  })();
  // On shutdown: stop retrying and let a start in progress settle before Nest closes the consumer.
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onClose', async () => {
      closing = true;
      wake?.();
      await Promise.race([starting, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    });
}

/** After a failed start, the consumer and producer it may have connected (closing the microservice would close the app). */
async function disconnectHalfStarted(microservice: INestMicroservice): Promise<void> {
  try {
    const [, consumer, producer] = microservice.unwrap<[unknown, Consumer | null, Producer | null]>();
    await consumer?.disconnect().catch(() => undefined);
    await producer?.disconnect().catch(() => undefined);
  } catch {
    /* never started */
  }
}
