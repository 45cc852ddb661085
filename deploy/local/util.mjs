// What the scripts of deploy/local share: the repository's folders, running a command, waiting for a condition,
// whether a port answers or a process runs, where an executable is, and the one lock helper.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import lockfile from 'proper-lockfile';

export const ROOT = path.resolve(fileURLToPath(import.meta.url), '../../..');
/** What runs leave behind (never committed): logs, keys, broker data, records of what was started. */
export const LOCAL = path.join(ROOT, '.local');

/**
 * Runs a command to its exit and answers its output (the last 64 kB); rejects with the end of it. Resolves on
 * 'exit', not 'close', since daemons (redis-server, pg_ctl) keep the pipes open.
 */
export function run(command, args, { cwd = ROOT, timeoutMs = 120_000 } = {}) {
  return new Promise((resolve, reject) => {
    let out = '';
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs, killSignal: 'SIGKILL' });
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (out = (out + chunk).slice(-64 * 1024)));
    child.once('error', (error) => reject(new Error(`${path.basename(command)}: ${error.message}`)));
    child.once('exit', (code, signal) =>
      setImmediate(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        if (code === 0) return resolve(out);
        const tail = out.trim().split('\n').slice(-30).join('\n');
        reject(new Error(`${path.basename(command)} ${args.join(' ')} failed (${signal ?? `exit ${code}`})\n${tail}`));
      }),
    );
  });
}

/**
 * Polls `check` until it returns true; throws after `timeoutMs` naming `what` and the last error, at once on an
 * error `fatal` accepts. Answers true.
 */
export async function waitUntil(timeoutMs, check, { what = 'the condition', fatal = () => false, detail = () => '' } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  for (;;) {
    try {
      if (await check()) return true;
    } catch (error) {
      if (fatal(error)) throw error.fatal ? error : new Error(`${what} refused the connection: ${error.message}`);
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const last = lastError ? ` (last error: ${lastError.message})` : '';
      throw new Error(`${what} did not answer within ${timeoutMs / 1000} s${last}.\n${detail()}`.trim());
    }
    await sleep(300);
  }
}

/** Whether something accepts a TCP connection on host:port. */
export function isPortOpen(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: timeoutMs });
    const finish = (open) => {
      socket.destroy();
      resolve(open);
    };
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
    socket.once('timeout', () => finish(false));
  });
}

/** The path of an executable on PATH, or null. */
export function findExecutable(name) {
  return spawnSync('sh', ['-c', 'command -v "$0"', name], { encoding: 'utf8' }).stdout.trim() || null;
}

/** Whether `pid` runs (a zombie, exited but not yet reaped, does not count). */
export function isAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch (error) {
    return error.code === 'EPERM' || error.code === 'ENOENT'; // someone else's process, or no /proc to look into
  }
}

/**
 * The one lock helper: runs `work` while holding the lock `name` (proper-lockfile: a folder `<name>.lock` whose
 * time its holder keeps fresh, taken over once it is stale, when its holder has died); callers in the same process
 * wait like the others. Not re-entrant: `work` must not take the same lock again.
 */
export async function withLock(name, work, { log = () => {}, timeoutMs = 10 * 60_000 } = {}) {
  fs.mkdirSync(path.dirname(name), { recursive: true });
  const options = { realpath: false, stale: 20_000, onCompromised: (error) => log(`lock ${name}.lock: ${error.message}`) };
  const take = (retries) => lockfile.lock(name, { ...options, retries });
  let release = await take(0).catch((error) => {
    if (error.code !== 'ELOCKED') throw error;
  });
  if (!release) {
    log(`waiting for the process that holds ${name}.lock`);
    const retries = { retries: Math.ceil(timeoutMs / 300), factor: 1, minTimeout: 200, maxTimeout: 400, randomize: true };
    release = await take(retries).catch((error) => {
      throw error.code === 'ELOCKED' ? new Error(`lock ${name}.lock still held after ${timeoutMs / 1000} s`) : error;
    });
  }
  try {
    return await work();
  } finally {
    await release().catch(() => {}); // taken over meanwhile: nothing of ours to remove
  }
}

/** A file's text, or null when it does not exist. */
export function readFile(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
