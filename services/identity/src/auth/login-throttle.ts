import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { REDIS, SERVICE_CONFIG, TooManyRequestsError } from '@backoffice/platform';
import type { IdentityConfig } from '../identity.config';

/**
 * Login throttling in Redis, counted on failures (each attempt is counted as it starts, and given
 * back when it was not one):
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

  private limits(username: string, ip: string): [RateLimiterRedis, string][] {
    const k = this.keys(username, ip);
    return [
      [this.byUserAndIp, k.userIp],
      [this.byIp, k.ip],
      [this.byUser, k.user],
    ];
  }

  /**
   * Takes one attempt from every limit before the password is checked, atomically in Redis, so
   * that a burst of parallel guesses cannot all pass a check made before any of them is counted.
   * Throws 429 when any limit is used up; a refused attempt guesses nothing and gives back what it
   * took from the other limits. An attempt that turns out not to be a failure is given back by
   * recordSuccess or release.
   */
  async begin(username: string, ip: string): Promise<void> {
    const limits = this.limits(username, ip);
    const results = await Promise.allSettled(limits.map(([limit, key]) => limit.consume(key)));
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    if (refused.length === 0) return;
    await Promise.all(
      results.map((result, i) => (result.status === 'fulfilled' ? limits[i][0].reward(limits[i][1], 1).catch(() => undefined) : undefined)),
    );
    const failure = refused.find((reason) => !(reason instanceof RateLimiterRes));
    if (failure) throw failure;
    const wait = Math.max(...refused.map((reason) => Math.ceil((reason as RateLimiterRes).msBeforeNext / 1000)));
    throw new TooManyRequestsError(`Too many failed sign-in attempts. Try again in ${wait} seconds.`, wait);
  }

  /** The attempt was not a failure (a right password that still needs its code): give it back. */
  async release(username: string, ip: string): Promise<void> {
    await Promise.all(this.limits(username, ip).map(([limit, key]) => limit.reward(key, 1).catch(() => undefined)));
  }

  /** Signed in: the account's failures from this address are forgotten, and this attempt given back. */
  async recordSuccess(username: string, ip: string): Promise<void> {
    const [[userAndIp, userAndIpKey], ...others] = this.limits(username, ip);
    await Promise.all([userAndIp.delete(userAndIpKey), ...others.map(([limit, key]) => limit.reward(key, 1).catch(() => undefined))]);
  }
}
