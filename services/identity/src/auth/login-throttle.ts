import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';
import { REDIS, SERVICE_CONFIG, TooManyRequestsError } from '@backoffice/platform';
import type { IdentityConfig } from '../identity.config';

/**
 * Login throttling in Redis, counted on failures only:
 * - account + address: a few failures, then a 15-minute block (the usual guessing case);
 * - address: many failures across accounts, then an hour's block (one address spraying);
 * - account from anywhere: a short 1-minute block (many addresses against one account),
 *   short so that an attacker cannot keep the real user out for long.
 */
@Injectable()
export class LoginThrottle {
  private readonly byUserAndIp: RateLimiterRedis;
  private readonly byIp: RateLimiterRedis;
  private readonly byUser: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(SERVICE_CONFIG) config: IdentityConfig) {
    this.byUserAndIp = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'login:user-ip',
      points: config.LOGIN_MAX_FAILURES_PER_USER_AND_IP,
      duration: 15 * 60,
      blockDuration: 15 * 60,
    });
    this.byIp = new RateLimiterRedis({ storeClient: redis, keyPrefix: 'login:ip', points: 100, duration: 60 * 60, blockDuration: 60 * 60 });
    this.byUser = new RateLimiterRedis({ storeClient: redis, keyPrefix: 'login:user', points: 20, duration: 5 * 60, blockDuration: 60 });
  }

  private keys(username: string, ip: string) {
    const user = username.trim().toLowerCase();
    return { userIp: `${user}|${ip}`, ip, user };
  }

  /** Throws 429 when any limit is exhausted. */
  async assertAllowed(username: string, ip: string): Promise<void> {
    const k = this.keys(username, ip);
    const results = await Promise.all([this.byUserAndIp.get(k.userIp), this.byIp.get(k.ip), this.byUser.get(k.user)]);
    const limits = [this.byUserAndIp, this.byIp, this.byUser];
    const blocked = results
      .map((r, i) => ({ r, limit: limits[i] }))
      .filter(({ r, limit }) => r !== null && r.consumedPoints >= limit.points);
    if (blocked.length) {
      const wait = Math.max(...blocked.map(({ r }) => Math.ceil((r as RateLimiterRes).msBeforeNext / 1000)));
      throw new TooManyRequestsError(`Too many failed sign-in attempts. Try again in ${wait} seconds.`, wait);
    }
  }

  async recordFailure(username: string, ip: string): Promise<void> {
    const k = this.keys(username, ip);
    await Promise.all([
      this.byUserAndIp.consume(k.userIp).catch(() => undefined),
      this.byIp.consume(k.ip).catch(() => undefined),
      this.byUser.consume(k.user).catch(() => undefined),
    ]);
  }

  async recordSuccess(username: string, ip: string): Promise<void> {
    await this.byUserAndIp.delete(this.keys(username, ip).userIp);
  }
}
