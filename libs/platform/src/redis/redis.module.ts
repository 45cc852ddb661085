import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { SERVICE_CONFIG } from '../config/config.token';
import type { BaseConfig } from '../config/service-config';
import { closeRedis } from './close-redis';

export const REDIS = Symbol('REDIS');

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown() {
    await closeRedis(this.redis);
  }
}

/** One Redis connection per process for rate limits, revocation and caches. */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [SERVICE_CONFIG],
      useFactory: (config: BaseConfig) =>
        // Auto-pipelining: the commands of one event-loop turn (e.g. the revocation checks of the requests
        // that arrived together) leave in one write instead of one write each.
        new Redis(config.REDIS_URL, {
          maxRetriesPerRequest: 2,
          enableOfflineQueue: true,
          connectTimeout: 2000,
          enableAutoPipelining: true,
        }),
    },
    RedisCloser,
  ],
  exports: [REDIS],
})
export class RedisModule {}
