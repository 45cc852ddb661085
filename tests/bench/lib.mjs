// Shared pieces of the benchmarks: timing, percentiles, autocannon runs, process memory.
import autocannon from 'autocannon';
import { readFileSync, writeFileSync } from 'node:fs';

export const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

export const round = (value, digits = 2) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : value);

/**
 * autocannon against one URL; answers mean and p99 latency (ms) and requests per second. The mean comes from the
 * closed loop itself (each connection sends its next request when the last is answered: mean = connections × time /
 * requests), because autocannon's latencies are whole milliseconds: its own mean read 0.04 ms of added latency where
 * the gateway added 0.4 ms. Its p99 stays in whole milliseconds.
 */
export async function load(url, { connections = 1, duration = 10, headers = {} } = {}) {
  const result = await autocannon({ url, connections, duration, headers, pipelining: 1 });
  return {
    meanMs: (connections * result.duration * 1000) / Math.max(result.requests.total, 1),
    p99Ms: result.latency.p99,
    rps: result.requests.average,
    errors: result.errors + result.non2xx,
  };
}

/** Resident memory of a process in MB (Linux). */
export function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/** The kernel's high-water mark of a process's resident memory (VmHWM) in MB (Linux). */
export function peakRssMb(pid) {
  const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (kb === undefined) throw new Error(`no VmHWM for process ${pid}`);
  return Number(kb) / 1024;
}

/** Resets a running process's VmHWM to its current RSS (Linux clear_refs 5), so the next peak is of what follows. */
export function resetPeakRss(pid) {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** One row of the results table. `target` is a predicate on `value` (and `anchor`), described by `goal`. */
export function row(benchmark, figure, value, unit, { anchor, anchorLabel, goal, met } = {}) {
  return {
    benchmark,
    figure,
    value: round(value),
    unit,
    anchor: anchor === undefined ? '' : round(anchor),
    anchorLabel: anchorLabel ?? '',
    goal: goal ?? '',
    met: met === undefined ? '' : met ? 'yes' : 'NO',
  };
}
