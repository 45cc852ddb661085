import { Inject, Injectable, Optional } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { MikroORM } from '@mikro-orm/core';
import type Redis from 'ioredis';
import { REDIS } from '../redis/redis.module';
import { OutboxRelay } from '../outbox/outbox.relay';
import { checkDependencies } from './checks';

/**
 * Readiness: the database and Redis must answer. Kafka is reported but never makes a
 * service unready: requests do not need it (events wait in the outbox until it returns).
 */
@Injectable()
export class Readiness {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly moduleRef: ModuleRef,
    @Optional() private readonly relay?: OutboxRelay,
  ) {}

  private orm(): MikroORM | undefined {
    try {
      return this.moduleRef.get(MikroORM, { strict: false });
    } catch {
      return undefined; // a service without a database (the gateway)
    }
  }

  async check() {
    const orm = this.orm();
    const result = await checkDependencies({
      redis: () => this.redis.ping(),
      ...(orm ? { database: () => orm.em.getConnection().execute('select 1') } : {}),
    });
    if (this.relay) {
      result.checks.outbox = { status: 'up', detail: this.relay.isLeader ? 'publishing' : 'standby' };
    }
    return result;
  }
}
