import { createRequire } from 'node:module';

interface RequestQueue {
  pending: unknown[];
  throttledUntil: number;
  scheduleCheckPendingRequests(): void;
}

/**
 * kafkajs 2.2.4, its last release, keeps a timer firing every millisecond on each broker connection while nothing waits
 * to be sent (tulios/kafkajs#1556 and #1704; its negative delay is also what Node 24 reports as TimeoutNegativeWarning).
 * Measured here, that was about 2 % of a core per idle service, and every one of them holds such connections. A
 * connection's queue needs the timer only while a request waits in it (throttled by the broker, or over the in-flight
 * limit), and kafkajs arms it again when it queues one, so it is armed only then. Loaded once, by the platform's Kafka
 * module, before any client exists.
 */
export function fixKafkajsIdleTimer(): void {
  const queue = (createRequire(__filename)('kafkajs/src/network/requestQueue') as { prototype: RequestQueue }).prototype;
  const schedule = queue.scheduleCheckPendingRequests;
  if ((schedule as { fixed?: true }).fixed) return;
  queue.scheduleCheckPendingRequests = Object.assign(
    function (this: RequestQueue) {
      if (this.pending.length === 0 && this.throttledUntil <= Date.now()) return;
      schedule.call(this);
    },
    { fixed: true as const },
  );
}
