import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join, resolve } from 'node:path';

/** The repository's root (this file is libs/platform/src/testing/processes.ts). */
const ROOT = resolve(__dirname, '../../../..');

/** Whether something accepts a TCP connection on host:port (within a second). */
export function portOpen(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host, port });
    const finish = (open: boolean) => {
      socket.destroy();
      done(open);
    };
    socket.setTimeout(1000, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/** The newest change under the sources of `dirs`. */
function newestSourceMs(dirs: string[]): number {
  let newest = 0;
  for (const dir of dirs) {
    for (const file of readdirSync(join(ROOT, dir, 'src'), { recursive: true, encoding: 'utf8' })) {
      newest = Math.max(newest, statSync(join(ROOT, dir, 'src', file)).mtimeMs);
    }
  }
  return newest;
}

/**
 * For tests that run services from dist as child processes (as in production, and so a test can kill them):
 * compiles the libraries and `services` with swc, one builder at a time (the local runner's lock), and only when
 * their sources changed since this set was last built: a second suite rebuilding would rewrite dist under a
 * process that is loading it.
 */
export function buildServices(services: string[]): void {
  const dirs = ['libs/contracts', 'libs/platform', ...services.map((service) => `services/${service}`)];
  const stamp = join(ROOT, `.local/test-build-${createHash('sha1').update(dirs.join()).digest('hex').slice(0, 12)}.stamp`);
  const lock = join(ROOT, '.local/server-build.lock');
  mkdirSync(join(ROOT, '.local'), { recursive: true });
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 5 * 60_000) rmSync(lock, { force: true });
      if (Date.now() > deadline) throw new Error('the build lock stayed taken');
      spawnSync('sleep', ['0.3']);
    }
  }
  try {
    if ((statSync(stamp, { throwIfNoEntry: false })?.mtimeMs ?? 0) > newestSourceMs(dirs)) return;
    for (const dir of dirs) {
      const result = spawnSync(
        join(ROOT, 'node_modules/.bin/swc'),
        ['src', '-d', 'dist', '--strip-leading-paths', '--config-file', join(ROOT, '.swcrc'), '--copy-files'],
        { cwd: join(ROOT, dir), encoding: 'utf8' },
      );
      if (result.status !== 0) throw new Error(`swc ${dir} failed:\n${result.stdout}${result.stderr}`);
    }
    writeFileSync(stamp, new Date().toISOString());
  } finally {
    rmSync(lock, { force: true });
  }
}
