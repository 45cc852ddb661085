import { Inject, Injectable, Optional } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { MikroORM } from '@mikro-orm/core';
import type Redis from 'ioredis';
import { REDIS } from '../redis/redis.module';
import { OutboxRelay } from '../outbox/outbox.relay';

export interface CheckResult {
  status: 'up' | 'down' | 'degraded';
  detail?: string;
}

async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

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

  async check(): Promise<{ ready: boolean; checks: Record<string, CheckResult> }> {
    const checks: Record<string, CheckResult> = {};
    const orm = this.orm();
    const tasks: Promise<void>[] = [
      within(1000, this.redis.ping())
        .then(() => void (checks.redis = { status: 'up' }))
        .catch((e: Error) => void (checks.redis = { status: 'down', detail: e.message })),
    ];
    if (orm) {
      tasks.push(
        within(1000, orm.em.getConnection().execute('select 1'))
          .then(() => void (checks.database = { status: 'up' }))
          .catch((e: Error) => void (checks.database = { status: 'down', detail: e.message })),
      );
    }
    await Promise.all(tasks);
    if (this.relay) {
      checks.outbox = { status: 'up', detail: this.relay.isLeader ? 'publishing' : 'standby' };
    }
    const ready = Object.values(checks).every((c) => c.status !== 'down');
    return { ready, checks };
  }
}
