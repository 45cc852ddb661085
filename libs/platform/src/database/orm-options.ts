import type { AnyEntity, EntityClass, EntitySchema } from '@mikro-orm/core';
import { defineConfig } from '@mikro-orm/postgresql';
import { InboxEvent } from '../outbox/inbox-event.entity';
import { OutboxEvent } from '../outbox/outbox-event.entity';

export interface OrmConfig {
  DATABASE_URL: string;
  DATABASE_POOL_MAX?: number;
}

/**
 * MikroORM on a service's own PostgreSQL database, as every process of the service opens it: its entities and the
 * outbox and inbox, a bounded pool, UTC, no global context. The API process adds its migrations and audit log
 * (DatabaseModule); a worker opens it bare.
 */
export function ormOptions(config: OrmConfig, entities: (EntityClass<AnyEntity> | EntitySchema)[]) {
  return defineConfig({
    clientUrl: config.DATABASE_URL,
    entities: [...entities, OutboxEvent, InboxEvent],
    pool: { min: 0, max: config.DATABASE_POOL_MAX ?? 10, idleTimeoutMillis: 10_000, acquireTimeoutMillis: 5_000 },
    driverOptions: { connection: { connectionTimeoutMillis: 3_000 } },
    allowGlobalContext: false,
    forceUtcTimezone: true,
    debug: false,
  });
}
