import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What every log line written while handling one piece of work carries (docs/architecture.md, "Logs"):
 * the HTTP request's id, or the id of the event (CloudEvents id) or job being handled and the id of the
 * request that caused it, when known.
 */
export interface LogContext {
  requestId?: string;
  eventId?: string;
  jobId?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

/** The ids of the work being handled here, if any. */
export function currentLogContext(): LogContext | undefined {
  return storage.getStore();
}

/** Runs `work` (and everything it starts) with these ids on its log lines and on the events it writes. */
export function runWithLogContext<T>(context: LogContext, work: () => T): T {
  const ids = Object.fromEntries(Object.entries(context).filter(([, value]) => typeof value === 'string' && value !== ''));
  return storage.run(ids as LogContext, work);
}

/** A request or event id from outside, kept only when it looks like one (a header is free text). */
export function acceptedId(value: unknown): string | undefined {
  const text = Buffer.isBuffer(value) ? value.toString('utf8') : value;
  return typeof text === 'string' && /^[\w.:-]{1,128}$/.test(text) ? text : undefined;
}

/** A queue job's data with the id of the request that enqueues it, for the worker's log context (jobLogContext). */
export function withRequestId<T extends object>(data: T): T & { requestId?: string } {
  const requestId = currentLogContext()?.requestId;
  return requestId ? { ...data, requestId } : data;
}

/** The log context of a queue job: its id and the request that enqueued it (withRequestId). */
export function jobLogContext(job: { id?: string; data?: unknown }): LogContext {
  const data = job.data as { requestId?: unknown } | null | undefined;
  return { jobId: job.id, requestId: data && typeof data === 'object' ? acceptedId(data.requestId) : undefined };
}
