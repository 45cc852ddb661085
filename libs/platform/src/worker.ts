/*
 * The platform for a process that answers no API (the leads worker): configuration, logging, the ORM's options, the
 * outbox writer, health checks and metrics. Nothing here loads Nest's core, Fastify, Swagger, Passport or Kafka, so
 * such a process stays small; the main entry re-exports all of it for the services. Its entities' decorators need
 * reflect-metadata, loaded here first.
 */
import 'reflect-metadata';
export * from './config/service-config';
export * from './config/config.token';
export * from './http/service-replicas';
export * from './logging/logger';
export * from './logging/log-context';
export * from './database/base.entity';
export * from './database/paging';
export * from './database/orm-options';
export * from './outbox/event-envelope';
export * from './outbox/outbox-event.entity';
export * from './outbox/inbox-event.entity';
export * from './outbox/outbox.service';
export * from './health/checks';
export * from './health/metrics';
export * from './health/ops-server';
export * from './health/release-memory';
export * from './health/runtime-settings';
export * from './http/shutdown-signals';
export * from './redis/close-redis';
