import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { REDIS, TooManyRequestsError } from '@backoffice/platform';

/** Wrong one-time codes on the signed-in two-factor endpoints: 5 per user, then a 15-minute block (a right code clears them). */
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

  /**
   * Takes one attempt before the code is checked, atomically in Redis, so that a burst of parallel
   * guesses cannot all pass a check made before any of them is counted; 429 when none is left.
   */
  async begin(userId: string): Promise<void> {
    try {
      await this.limiter.consume(userId);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const wait = Math.ceil(error.msBeforeNext / 1000);
      throw new TooManyRequestsError(`Too many wrong codes. Try again in ${wait} seconds.`, wait);
    }
  }

  async recordSuccess(userId: string): Promise<void> {
    await this.limiter.delete(userId);
  }
}
