// Compiles libs and services with swc (seconds), and the console with Vite when its sources changed.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withLock } from './lock.mjs';
import { ROOT, run } from './util.mjs';

export { ROOT };
const bin = (name) => join(ROOT, 'node_modules/.bin', name);
const BUILD_TIMEOUT_MS = 15 * 60_000;

function packagesWithSource(folder) {
  return readdirSync(join(ROOT, folder))
    .map((name) => join(ROOT, folder, name))
    .filter((dir) => existsSync(join(dir, 'src')) && readdirSync(join(dir, 'src')).length > 0);
}

function treeHash(dirs) {
  const hash = createHash('sha256');
  const walk = (path) => {
    if (!existsSync(path)) return;
    if (!statSync(path).isDirectory()) {
      hash.update(path).update(readFileSync(path));
      return;
    }
    for (const entry of readdirSync(path).sort()) walk(join(path, entry));
  };
  dirs.forEach(walk);
  return hash.digest('hex');
}

export async function buildServer(log = console.log) {
  const started = Date.now();
  const args = ['src', '-d', 'dist', '--strip-leading-paths', '--config-file', join(ROOT, '.swcrc'), '--copy-files'];
  const swc = (cwd) => run(bin('swc'), args, { cwd, timeoutMs: BUILD_TIMEOUT_MS });
  // One builder at a time: several stacks may build at once.
  await withLock(join(ROOT, '.local/server-build.lock'), async () => {
    await Promise.all(packagesWithSource('libs').map(swc));
    await Promise.all(packagesWithSource('services').map(swc));
  });
  log(`› compiled libs and services in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export async function buildConsole(log = console.log, { force = false } = {}) {
  const consoleDir = join(ROOT, 'console');
  if (!existsSync(join(consoleDir, 'index.html')) || process.env.SKIP_CONSOLE_BUILD === '1') return;
  const hash = treeHash([
    join(consoleDir, 'src'),
    join(consoleDir, 'index.html'),
    join(consoleDir, 'vite.config.ts'),
    join(ROOT, 'libs/contracts/src'),
    join(consoleDir, 'public'),
  ]);
  const stamp = join(consoleDir, 'dist/.source-hash');
  if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) {
    log('› console build is up to date');
    return;
  }
  const started = Date.now();
  await withLock(join(ROOT, '.local/console-build.lock'), async () => {
    if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return; // another build just made it
    await run(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: consoleDir, timeoutMs: BUILD_TIMEOUT_MS });
    writeFileSync(stamp, hash);
  });
  log(`› built the console in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
  await buildConsole(console.log, { force: process.argv.includes('--force') });
}
