import { Module } from '@nestjs/common';
import { Kafka, logLevel } from 'kafkajs';
import {
  baseConfigSchema,
  databaseConfigSchema,
  KAFKA,
  kafkaConfigSchema,
  OUTBOX_OPTIONS,
  OutboxRelay,
  PlatformModule,
  SERVICE_CONFIG,
  type OutboxOptions,
} from '@backoffice/platform';
import { startTestService, type TestService } from '@backoffice/platform/testing';

/**
 * Starts a service made of the platform alone: its database (no entities of its own), Kafka, and the outbox as
 * `outbox` says. The outbox tests write and relay events with it; a fault test consumes through its inbox.
 */
export function startPlatformService(
  outbox: OutboxOptions,
  options: { service?: string; env?: Record<string, string> } = {},
): Promise<TestService> {
  @Module({
    imports: [
      PlatformModule.forService({
        config: baseConfigSchema.extend(databaseConfigSchema.shape).extend(kafkaConfigSchema.shape),
        database: { entities: [], migrations: [] },
        outbox,
      }),
    ],
  })
  class PlatformTestModule {}
  return startTestService(() => PlatformTestModule, { service: 'platform', ...options });
}

/** A relay beside the service's own, on its Kafka, config and outbox options, as another process of the service would run one. */
export function relayReplica(service: TestService, Relay: typeof OutboxRelay = OutboxRelay): OutboxRelay {
  return new Relay(service.app.get(KAFKA), service.app.get(SERVICE_CONFIG), service.app.get(OUTBOX_OPTIONS));
}

/** A Kafka client on the test's brokers, for reading back what the relay published. */
export const testKafka = (clientId: string) =>
  new Kafka({ brokers: process.env.KAFKA_BROKERS!.split(','), clientId, logLevel: logLevel.NOTHING });
