// Shared pieces of the benchmarks: timing, percentiles, load runs, measuring children, process memory.
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const execFile$ = promisify(execFile);

/**
 * The V8 settings of the product's processes (libs/platform/src/health/runtime-settings.ts, built): the bench applies
 * them to its own process and starts its measuring children with them, so each anchor runs on the product's runtime.
 */
export const { V8_FLAGS, applyRuntimeSettings } = createRequire(import.meta.url)('../../libs/platform/dist/health/runtime-settings.js');

export const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

export const round = (value, digits = 2) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : value);

/**
 * A measuring child (`script` in tests/bench) run to its end on the V8 settings of the product's processes; answers
 * the JSON it printed.
 */
export async function child(script, args, { timeoutMs = 30 * 60_000 } = {}) {
  const { stdout } = await execFile$(process.execPath, [...V8_FLAGS, join(HERE, script), ...args], {
    maxBuffer: 1 << 20,
    timeout: timeoutMs,
  });
  return JSON.parse(stdout);
}

/**
 * A serving child (`script` in tests/bench) on the product's V8 settings, once it printed its port; `stop()` ends it.
 */
export async function startChild(script, args) {
  const server = spawn(process.execPath, [...V8_FLAGS, join(HERE, script), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  server.stdout.setEncoding('utf8');
  while (!out.includes('\n')) {
    const [chunk] = await Promise.race([once(server.stdout, 'data'), once(server, 'exit').then(() => [null])]);
    if (chunk === null) throw new Error(`${script} ended before it listened`);
    out += chunk;
  }
  return {
    pid: server.pid,
    port: Number(out.trim()),
    stop: async () => {
      server.kill('SIGTERM');
      if (server.exitCode === null) await once(server, 'exit');
    },
  };
}

/**
 * Load against one URL from a generator in a process of its own (load.child.mjs: autocannon), never in the process
 * that measures or serves; answers mean and p99 latency (ms) and requests per second. The mean comes from the
 * closed loop itself (each connection sends its next request when the last is answered: mean = connections × time /
 * requests), because autocannon's latencies are whole milliseconds: its own mean read 0.04 ms of added latency where
 * the gateway added 0.4 ms. Its p99 stays in whole milliseconds.
 */
export async function load(url, { connections = 1, duration = 10, headers = {} } = {}) {
  const { stdout } = await execFile$(
    process.execPath,
    [join(HERE, 'load.child.mjs'), JSON.stringify({ url, connections, duration, headers })],
    {
      maxBuffer: 1 << 20,
      timeout: (duration + 60) * 1000,
    },
  );
  const result = JSON.parse(stdout);
  return {
    meanMs: (connections * result.duration * 1000) / Math.max(result.requests, 1),
    p99Ms: result.p99Ms,
    rps: result.rps,
    requests: result.requests,
    errors: result.errors,
  };
}

/** CPU seconds a process (`pid`) or one of its threads (`pid/task/tid`) has used, user + system, with its reaped children's when asked (Linux). */
export function cpuSeconds(pid, { children = false } = {}) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's closing parenthesis, from the state (field 3): utime is field 14.
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  const ticks = fields[11] + fields[12] + (children ? fields[13] + fields[14] : 0);
  return ticks / 100; // USER_HZ
}

/** CPU seconds of each thread of a process now, by thread id, with its name (Linux). */
export function threadCpuSeconds(pid) {
  const threads = new Map();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      threads.set(tid, { name, seconds: cpuSeconds(`${pid}/task/${tid}`) });
    } catch {
      /* ended while read */
    }
  }
  return threads;
}

/**
 * CPU seconds used by every PostgreSQL process on this machine so far: each running one's own, plus what the ones
 * that ended used (counted in the postmaster's reaped-children time), so a difference spans backends that came and went.
 */
export function postgresCpuSeconds() {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      total += cpuSeconds(Number(entry), { children: true });
    } catch {
      /* ended while read */
    }
  }
  return total;
}

/** CPU seconds the whole machine has been busy so far, every core and process (Linux: /proc/stat, less idle and iowait). */
export function machineBusySeconds() {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (user + nice + system + irq + softirq + steal) / 100; // USER_HZ
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
