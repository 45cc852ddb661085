// One lock helper for deploy/local: at most one holder of a lock file at a time, across processes and inside one.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const queues = new Map();

/**
 * Runs `work` while holding the lock file `file` (created exclusively, holding `{pid, since}`). A lock whose
 * holder has died, or that is older than `staleMs`, is taken over. Callers in the same process queue up first.
 * Not re-entrant: `work` must not take the same lock again.
 */
export async function withLock(file, work, { log = () => {}, timeoutMs = 10 * 60_000, staleMs = 15 * 60_000 } = {}) {
  const previous = queues.get(file) ?? Promise.resolve();
  let release;
  const mine = new Promise((resolve) => (release = resolve));
  queues.set(file, mine);
  await previous;
  try {
    await acquire(file, log, timeoutMs, staleMs);
    try {
      return await work();
    } finally {
      const holder = readHolder(file);
      if (holder?.pid === process.pid) fs.rmSync(file, { force: true });
    }
  } finally {
    if (queues.get(file) === mine) queues.delete(file);
    release();
  }
}

async function acquire(file, log, timeoutMs, staleMs) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  let announced = false;
  for (;;) {
    try {
      fs.writeFileSync(file, JSON.stringify({ pid: process.pid, since: new Date().toISOString() }), { flag: 'wx' });
      return;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    // A file without a pid is being written right now, or was left half-written by a crash.
    const stale = holder && (holder.pid ? !isAlive(holder.pid) || holder.age > staleMs : holder.age > 5000);
    if (stale) {
      // Remove it only if it is still the same stale file, never a lock taken meanwhile.
      if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === holder.raw) fs.rmSync(file, { force: true });
      continue;
    }
    if (!announced) log(`waiting for pid ${holder?.pid ?? '?'}, which holds ${file}`);
    announced = true;
    if (Date.now() >= deadline) throw new Error(`lock ${file} still held by pid ${holder?.pid ?? '?'} after ${timeoutMs / 1000} s`);
    await sleep(200 + Math.floor(Math.random() * 200));
  }
}

function readHolder(file) {
  try {
    const raw = fs.readFileSync(file, 'utf8');
    const age = Date.now() - fs.statSync(file).mtimeMs;
    let pid;
    try {
      pid = JSON.parse(raw).pid;
    } catch {
      /* half-written */
    }
    return { raw, age, pid };
  } catch {
    return null; // vanished: try again
  }
}

/** Whether `pid` runs (a zombie, exited but not yet reaped, does not count). */
export function isAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return error.code === 'EPERM';
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return true;
  }
}
