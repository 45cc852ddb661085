import type Redis from 'ioredis';
import { ACCESS_TOKEN_TTL_SECONDS } from '@backoffice/contracts';
import { UnavailableError } from '../errors/domain-error';
import { within } from '../health/within';
import { closeRedis } from '../redis/close-redis';

/**
 * Ended sessions. Every access token carries its session id (`sid`); logout, deactivation, a role
 * change, "end sessions" and a reused refresh token end sessions by id, at once, in every process.
 *
 * In Redis: a sorted set of ended session ids scored by when they stop mattering (the last moment an
 * access token of theirs could still be valid), and a pub/sub channel announcing each ending.
 */
export const REVOKED_SESSIONS_KEY = 'auth:revoked-sessions';
export const REVOCATION_CHANNEL = 'auth:revocations';
/** An ended session is remembered for longer than any of its access tokens can live (clock skew included). */
const REMEMBER_MS = (ACCESS_TOKEN_TTL_SECONDS + 120) * 1000;
/** How often a process checks that its subscription still answers. */
export const HEARTBEAT_MS = 1000;

/** Ends sessions everywhere: recorded, expired entries dropped, and announced to every process. */
export async function revokeSessions(redis: Redis, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  const now = Date.now();
  const until = now + REMEMBER_MS;
  const members = sessionIds.flatMap((sid) => [until, sid]);
  const result = await redis
    .multi()
    .zadd(REVOKED_SESSIONS_KEY, ...members)
    .zremrangebyscore(REVOKED_SESSIONS_KEY, '-inf', now)
    .pexpire(REVOKED_SESSIONS_KEY, REMEMBER_MS)
    .publish(REVOCATION_CHANNEL, JSON.stringify({ until, sessionIds }))
    .exec();
  const failed = result?.find(([error]) => error);
  if (!result || failed) throw failed?.[0] ?? new Error('Redis refused the revocation.');
}

/** Asks Redis directly whether a session was ended (the fallback when the in-memory list is not live). */
export async function sessionRevokedInRedis(redis: Redis, sessionId: string): Promise<boolean> {
  const score = await redis.zscore(REVOKED_SESSIONS_KEY, sessionId);
  return score !== null && Number(score) > Date.now();
}

/**
 * The ended sessions in this process's memory, so a request asks nobody. Loaded at start and kept
 * current by the revocation channel; while that subscription is not live (connecting, reconnecting,
 * or Redis gone), every check asks Redis instead, and a Redis that does not answer fails the request
 * closed (503), never trusting a list that may be stale. After a reconnection the list is loaded again,
 * so an ending announced while the subscription was down is not missed. A subscription that goes quiet
 * without closing (a network partition) is caught by a ping every HEARTBEAT_MS: without a pong in that
 * time the process stops answering from memory and reconnects.
 */
export class SessionRevocations {
  private readonly ended = new Map<string, number>();
  private subscriber?: Redis;
  private live = false;
  private loading?: Promise<void>;
  private lastSweep = 0;
  private heartbeat?: NodeJS.Timeout;

  constructor(private readonly redis: Redis) {}

  /** Subscribes and loads; safe to call once per process. Answers when the list is live or has failed to load. */
  async start(): Promise<void> {
    if (this.subscriber) return this.loading;
    const subscriber = this.redis.duplicate({ enableAutoPipelining: false, lazyConnect: true });
    this.subscriber = subscriber;
    subscriber.on('message', (_channel: string, message: string) => this.onAnnouncement(message));
    // Any break of the connection: back to asking Redis until subscribed and loaded again.
    subscriber.on('close', () => (this.live = false));
    subscriber.on('end', () => (this.live = false));
    subscriber.on('error', () => (this.live = false));
    subscriber.on('ready', () => void (this.loading = this.subscribeAndLoad()));
    this.heartbeat = setInterval(() => void this.checkPulse(), HEARTBEAT_MS).unref();
    await subscriber.connect().catch(() => undefined);
    await this.loading;
  }

  private async checkPulse(): Promise<void> {
    const subscriber = this.subscriber;
    if (!subscriber || !this.live) return;
    const quiet = await within(HEARTBEAT_MS, subscriber.ping()).then(
      () => false,
      () => true,
    );
    if (quiet && this.subscriber === subscriber) {
      this.live = false;
      subscriber.disconnect(true);
    }
  }

  async stop(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.live = false;
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    if (subscriber) await closeRedis(subscriber);
  }

  /** Whether checks are answered from memory right now (tests and metrics). */
  get isLive(): boolean {
    return this.live;
  }

  /**
   * From memory, while the subscription is live: whether the session was ended, with no promise to wait for (the
   * gateway's hot path). Undefined when only Redis can tell: then isRevoked asks it.
   */
  revokedNow(sessionId: string): boolean | undefined {
    return this.live ? this.inMemory(sessionId) : undefined;
  }

  /** True when the session was ended. Throws UnavailableError when neither memory nor Redis can tell. */
  async isRevoked(sessionId: string): Promise<boolean> {
    if (this.live) return this.inMemory(sessionId);
    try {
      return await sessionRevokedInRedis(this.redis, sessionId);
    } catch {
      throw new UnavailableError('Sessions cannot be checked: Redis is unavailable; try again shortly.');
    }
  }

  private inMemory(sessionId: string): boolean {
    const until = this.ended.get(sessionId);
    const now = Date.now();
    if (now - this.lastSweep > 60_000) this.sweep(now);
    return until !== undefined && until > now;
  }

  private async subscribeAndLoad(): Promise<void> {
    const subscriber = this.subscriber;
    if (!subscriber) return;
    try {
      // Subscribed first, loaded second: an ending announced in between is in one or the other (or both).
      await subscriber.subscribe(REVOCATION_CHANNEL);
      const entries = await this.redis.zrangebyscore(REVOKED_SESSIONS_KEY, Date.now(), '+inf', 'WITHSCORES');
      for (let i = 0; i < entries.length; i += 2) this.remember(entries[i], Number(entries[i + 1]));
      this.live = subscriber.status === 'ready';
    } catch {
      this.live = false;
    }
  }

  private onAnnouncement(message: string): void {
    try {
      const { until, sessionIds } = JSON.parse(message) as { until: number; sessionIds: string[] };
      for (const sid of sessionIds) this.remember(sid, until);
    } catch {
      // Not ours; the sorted set stays the source of truth.
    }
  }

  private remember(sessionId: string, until: number): void {
    if (until > (this.ended.get(sessionId) ?? 0)) this.ended.set(sessionId, until);
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [sid, until] of this.ended) if (until <= now) this.ended.delete(sid);
  }
}
