export interface RetrySchedule {
  /** Wait after the first failed attempt. */
  baseMs: number;
  /** Longest wait between two attempts. */
  maxMs: number;
  /** How long after the event a delivery keeps being retried before it is marked failed. */
  windowMs: number;
}

/**
 * When to try again after `attempts` failed attempts: exponential backoff (base × 2^(attempts−1), capped at
 * max) with jitter (a random point in the upper half of the wait), or null when the next attempt would fall
 * after the retry window: the delivery is then failed.
 */
export function nextAttemptAt(schedule: RetrySchedule, attempts: number, createdAt: Date, now: Date, random = Math.random): Date | null {
  const wait = Math.min(schedule.maxMs, schedule.baseMs * 2 ** Math.max(0, attempts - 1));
  const jittered = Math.round(wait / 2 + (random() * wait) / 2);
  const next = new Date(now.getTime() + jittered);
  return next.getTime() > createdAt.getTime() + schedule.windowMs ? null : next;
}
