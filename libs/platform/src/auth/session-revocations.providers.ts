import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS } from '../redis/redis.module';
import { SessionRevocations } from './session-revocation';

export const SESSION_REVOCATIONS = Symbol('SESSION_REVOCATIONS');

/** Subscribes the process's revocation list at start and closes its connection at shutdown. */
@Injectable()
export class SessionRevocationsLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(SESSION_REVOCATIONS) private readonly revocations: SessionRevocations) {}
  async onApplicationBootstrap() {
    await this.revocations.start();
  }
  async onApplicationShutdown() {
    await this.revocations.stop();
  }
}

export const sessionRevocationProviders: Provider[] = [
  { provide: SESSION_REVOCATIONS, inject: [REDIS], useFactory: (redis: Redis) => new SessionRevocations(redis) },
  SessionRevocationsLifecycle,
];
