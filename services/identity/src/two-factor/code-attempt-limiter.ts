import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { REDIS, TooManyRequestsError } from '@backoffice/platform';

/** Wrong one-time codes on the signed-in two-factor endpoints: 5 per user, then a 15-minute block. */
@Injectable()
export class CodeAttemptLimiter {
  private readonly limiter: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis) {
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'two-factor:code',
      points: 5,
      duration: 15 * 60,
      blockDuration: 15 * 60,
    });
  }

  async assertAllowed(userId: string): Promise<void> {
    const result = await this.limiter.get(userId);
    if (result && result.consumedPoints >= this.limiter.points) {
      const wait = Math.ceil(result.msBeforeNext / 1000);
      throw new TooManyRequestsError(`Too many wrong codes. Try again in ${wait} seconds.`, wait);
    }
  }

  async recordFailure(userId: string): Promise<void> {
    await this.limiter.consume(userId).catch(() => undefined);
  }

  async recordSuccess(userId: string): Promise<void> {
    await this.limiter.delete(userId);
  }
}
