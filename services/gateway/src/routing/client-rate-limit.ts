import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { TooManyRequestsError, within } from '@backoffice/platform';

/**
 * How many requests an API client (another system, with a client-credentials token) may make per window, counted
 * in Redis so that every gateway replica counts together: one `INCR` and `PEXPIRE` a request, and only for client
 * tokens, so staff requests still ask nobody. A fixed window: the count starts again at each window's start.
 * Answers the `RateLimit-*` headers of the IETF draft (limit, remaining, seconds to the reset); over the limit, a 429
 * problem with `Retry-After`. When Redis does not answer the request goes through (a limiter that fails would
 * otherwise stop every integration), logged at most once a window.
 */
export class ClientRateLimit {
  private lastWarning = 0;

  constructor(
    private readonly redis: Redis,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly logger: Logger,
  ) {}

  /** Counts one request of `clientId`: answers the headers to send and, over the limit, the 429 to throw. */
  async take(clientId: string, now = Date.now()): Promise<{ headers: Record<string, string>; refusal?: TooManyRequestsError }> {
    const window = Math.floor(now / this.windowMs);
    const resetSeconds = Math.max(1, Math.ceil(((window + 1) * this.windowMs - now) / 1000));
    const key = `gateway:client-rate:${clientId}:${window}`;
    let count: number;
    try {
      // A Redis that is reconnecting queues the command: the request does not wait for it.
      const results = await within(
        500,
        this.redis
          .multi()
          .incr(key)
          .pexpire(key, this.windowMs * 2)
          .exec(),
      );
      count = Number(results?.[0]?.[1]);
      if (!Number.isFinite(count)) throw results?.[0]?.[0] ?? new Error('no answer to INCR');
    } catch (error) {
      if (now - this.lastWarning > this.windowMs) {
        this.lastWarning = now;
        this.logger.warn({ err: error }, 'API client rate limit not counted: Redis did not answer');
      }
      return { headers: {} };
    }
    const headers = {
      'ratelimit-limit': String(this.limit),
      'ratelimit-remaining': String(Math.max(0, this.limit - count)),
      'ratelimit-reset': String(resetSeconds),
    };
    if (count <= this.limit) return { headers };
    const windowSeconds = Math.round(this.windowMs / 1000);
    const message = `This API client made more than ${this.limit} requests in ${windowSeconds} s; try again in ${resetSeconds} s.`;
    return { headers, refusal: new TooManyRequestsError(message, resetSeconds) };
  }
}
