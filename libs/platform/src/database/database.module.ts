import { type DynamicModule, Injectable, Logger, Module, type OnModuleInit } from '@nestjs/common';
import { MikroORM, type AnyEntity, type EntityClass, type EntitySchema, type MigrationObject } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { PostgreSqlDriver, defineConfig, type PostgreSqlConnection } from '@mikro-orm/postgresql';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { SERVICE_CONFIG } from '../config/config.token';
import { PlatformMigration0001Outbox, PlatformMigration0002OutboxRequestId } from '../outbox/outbox.migration';
import { PlatformMigration0003IdempotencyKeys } from '../idempotency/idempotency.migration';
import { ormOptions } from './orm-options';
import { SharedCaches } from './shared-caches';
import { AuditSubscriber } from '../audit/audit.subscriber';

export type MigrationEntry = MigrationObject;

export interface DatabaseOptions {
  entities: (EntityClass<AnyEntity> | EntitySchema)[];
  /** The service's migrations, oldest first; the platform's outbox, inbox and idempotency-key tables come before them. */
  migrations: MigrationEntry[];
  /** Entities that are not staff data (tokens, caches, read models, job bookkeeping): left out of the audit log. */
  notAudited?: EntityClass<AnyEntity>[];
}

/** Key of the advisory lock that lets one replica at a time migrate a database. */
const MIGRATION_LOCK_KEY = 0x6d696772; // 'migr'

/**
 * Runs the committed migrations before anything else touches the database. Replicas starting
 * together take turns under a transaction-scoped advisory lock: the first migrates, the others
 * then find nothing left to apply (instead of failing on a half-made table and restarting).
 */
@Injectable()
class MigrationRunner implements OnModuleInit {
  private readonly logger = new Logger('Migrations');
  constructor(private readonly orm: MikroORM) {}
  async onModuleInit() {
    const knex = (this.orm.em.getConnection() as PostgreSqlConnection).getKnex();
    const applied = await knex.transaction(async (lock) => {
      await lock.raw('select pg_advisory_xact_lock(?)', [MIGRATION_LOCK_KEY]);
      return this.orm.getMigrator().up();
    });
    if (applied.length) this.logger.log(`applied ${applied.map((m) => m.name).join(', ')}`);
  }
}

/** MikroORM on the service's own PostgreSQL database, migrations committed and run at start, and its SharedCaches. */
@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseOptions): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        MikroOrmModule.forRootAsync({
          driver: PostgreSqlDriver,
          inject: [SERVICE_CONFIG],
          useFactory: (config: { DATABASE_URL: string; DATABASE_POOL_MAX?: number; NODE_ENV: string; SERVICE_NAME: string }) => ({
            // Each request's context is entered by a Fastify hook instead of MikroORM's middleware (request-context.ts).
            registerRequestContext: false,
            ...defineConfig({
              ...ormOptions(config, options.entities),
              extensions: [Migrator],
              // Every change a signed-in actor flushes goes to the audit log in the same transaction.
              subscribers: [
                new AuditSubscriber(
                  config.SERVICE_NAME,
                  (options.notAudited ?? []).map((entity) => entity.name),
                ),
              ],
              migrations: {
                migrationsList: [
                  { name: 'Platform0001Outbox', class: PlatformMigration0001Outbox },
                  // Runs on databases that already applied the service's own migrations too (pending by name).
                  { name: 'Platform0002OutboxRequestId', class: PlatformMigration0002OutboxRequestId },
                  { name: 'Platform0003IdempotencyKeys', class: PlatformMigration0003IdempotencyKeys },
                  ...options.migrations,
                ],
                transactional: true,
                allOrNothing: true,
                snapshot: false,
                silent: true,
              },
            }),
          }),
        }),
      ],
      providers: [MigrationRunner, SharedCaches],
      exports: [SharedCaches],
    };
  }
}
