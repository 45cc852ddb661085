import { z } from 'zod';

/**
 * A service's address as configured: one URL, or several replicas' URLs separated by commas (a run without a load
 * balancer in front of the services, e.g. `STACK_REPLICAS=2 npm start`). Normalised: trimmed, no trailing slash.
 */
export const serviceUrlsSchema = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((url) => url.trim().replace(/\/+$/, ''))
      .filter(Boolean)
      .join(','),
  )
  .refine((value) => value !== '' && value.split(',').every((url) => z.url().safeParse(url).success), {
    message: 'must be a URL, or several separated by commas',
  });

const turns = new Map<string, number>();

/**
 * The most a replica that is not the last one tried may take before the next one is asked. A replica whose container
 * vanished under a kept-alive connection answers nothing (no reset): with an even split of a 3 s budget over two
 * replicas it cost 1.5 s, and the replica left then had too little time while the machine was busy starting the
 * replacement (the rolling upgrade's payments → orders check failed so).
 */
export const REPLICA_SHARE_MAX_MS = 1000;

/**
 * A GET (or another idempotent request) to one of a service's replicas, taking turns. A replica that cannot be
 * reached or answers 503 with `Retry-After` (it is shutting down, see ShutdownGate) never handled the request, so
 * the next replica is asked; the last answer or error stands when every replica was tried. The time budget is shared:
 * a replica that has not answered within its share (the budget left over the replicas left, at most
 * REPLICA_SHARE_MAX_MS) is left for the next one, so a replica that vanished under a kept-alive connection (its
 * container removed: no answer, no reset) costs a share, not the whole budget; the last one gets all that is left.
 */
export async function fetchFromReplicas(urls: string, path: string, init: RequestInit & { timeoutMs: number }): Promise<Response> {
  const replicas = urls.split(',');
  const turn = turns.get(urls) ?? 0;
  turns.set(urls, (turn + 1) % 1_000_000);
  const { timeoutMs, ...request } = init;
  const deadline = Date.now() + timeoutMs;
  let failure: unknown;
  for (let i = 0; i < replicas.length; i++) {
    const replica = replicas[(turn + i) % replicas.length];
    const last = i === replicas.length - 1;
    const left = deadline - Date.now();
    if (left <= 0) break;
    const signal = AbortSignal.timeout(last ? left : Math.min(Math.ceil(left / (replicas.length - i)), REPLICA_SHARE_MAX_MS));
    try {
      const response = await fetch(`${replica}${path}`, { ...request, signal });
      if (!last && response.status === 503 && response.headers.has('retry-after')) {
        await response.body?.cancel();
        continue;
      }
      return response;
    } catch (error) {
      if (last) throw error;
      failure = error;
    }
  }
  throw failure ?? new DOMException(`No replica answered within ${timeoutMs} ms`, 'TimeoutError');
}
