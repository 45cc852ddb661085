// What the scripts of deploy/local share: the repository's folders, running a command, waiting for a condition,
// whether a port answers and where an executable is.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

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
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (chunk) => (out = (out + chunk).slice(-64 * 1024));
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${path.basename(command)}: ${error.message}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      setImmediate(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        if (code === 0) return resolve(out);
        const tail = out.trim().split('\n').slice(-30).join('\n');
        reject(new Error(`${path.basename(command)} ${args.join(' ')} failed (${signal ?? `exit ${code}`})\n${tail}`));
      });
    });
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
  for (const dir of (process.env.PATH || '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      /* next */
    }
  }
  return null;
}
