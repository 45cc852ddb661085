import { type MicroserviceOptions, Transport } from '@nestjs/microservices';
import { type INestMicroservice, Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { logLevel, type Consumer, type Producer } from 'kafkajs';
import { CATALOGUE_SERVICE_TOPIC } from '@backoffice/contracts';
import { createKafka, ensureTopics, SERVICE_CONFIG, topicName } from '@backoffice/platform';
import type { OrdersConfig } from './orders.config';

const logger = new Logger('OrdersConsumers');

/** The consumer group of a stack: derived from its topic prefix, so side-by-side stacks never share one. */
export const consumerGroupId = (prefix: string) => `${prefix}orders.catalogue-read-model`;

/**
 * bootstrapService's `configure`: attaches the Kafka consumers (Nest microservice handlers with
 * @EventPattern, DESIGN section 3) to the HTTP app. They start once the app is initialised
 * (migrations applied) and in the background: Kafka being down delays the read model, never the start.
 * The payments.payment.v1 consumer (order → Paid, through MarkOrderPaidCommand) will join here.
 */
export async function connectOrdersConsumers(app: NestFastifyApplication): Promise<void> {
  const config = app.get<OrdersConfig>(SERVICE_CONFIG);
  const prefix = config.KAFKA_TOPIC_PREFIX;
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
          groupId: consumerGroupId(prefix),
          allowAutoTopicCreation: false,
          sessionTimeout: 15_000,
          heartbeatInterval: 1_000,
          // Keep consuming after broker outages and handler failures (the message is redelivered).
          retry: { retries: 8, initialRetryTime: 300, maxRetryTime: 5000, restartOnFailure: async () => !closing },
        },
        subscribe: { fromBeginning: true },
        run: { autoCommit: true },
      },
    },
    { inheritAppConfig: false },
  );
  await app.init();

  let wake: (() => void) | undefined;
  const starting = (async () => {
    for (let attempt = 1; !closing; attempt++) {
      try {
        // The catalogue creates its topic compacted; whoever comes first, it must be compacted.
        const kafka = createKafka(config.KAFKA_BROKERS, `${config.SERVICE_NAME}-topics`);
        await ensureTopics(kafka, [{ name: topicName(CATALOGUE_SERVICE_TOPIC, prefix), compacted: true }]);
        await microservice.listen();
        logger.log(`consuming ${topicName(CATALOGUE_SERVICE_TOPIC, prefix)} as ${consumerGroupId(prefix)}`);
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
