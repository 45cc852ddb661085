import { nextAttemptAt, type RetrySchedule } from './webhook-retry.policy';

const schedule: RetrySchedule = { baseMs: 30_000, maxMs: 3_600_000, windowMs: 72 * 3_600_000 };
const start = new Date('2026-01-01T00:00:00Z');
const after = (ms: number) => new Date(start.getTime() + ms);

describe('webhook retry schedule', () => {
  it('doubles the wait, with jitter in the upper half, up to the cap', () => {
    expect(nextAttemptAt(schedule, 1, start, start, () => 1)).toEqual(after(30_000));
    expect(nextAttemptAt(schedule, 1, start, start, () => 0)).toEqual(after(15_000));
    expect(nextAttemptAt(schedule, 3, start, start, () => 1)).toEqual(after(120_000));
    expect(nextAttemptAt(schedule, 30, start, start, () => 1)).toEqual(after(3_600_000));
  });

  it('keeps retrying for at least 24 hours, then gives up after the window', () => {
    let now = start;
    let attempts = 0;
    for (;;) {
      attempts++;
      const next = nextAttemptAt(schedule, attempts, start, now, () => 0.5);
      if (!next) break;
      now = next;
    }
    expect(now.getTime() - start.getTime()).toBeGreaterThan(24 * 3_600_000);
    expect(now.getTime() - start.getTime()).toBeLessThanOrEqual(schedule.windowMs);
    expect(attempts).toBeGreaterThan(20);
  });
});
