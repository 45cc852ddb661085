// Compiles libs and services with swc (seconds), and the console with Vite when its sources changed. One builder at
// a time for each: several stacks may build at once.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFile, ROOT, run, withLock } from './util.mjs';

export { ROOT };
const bin = (name) => join(ROOT, 'node_modules/.bin', name);
const BUILD_TIMEOUT_MS = 15 * 60_000;
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

export async function buildServer(log = console.log) {
  const started = Date.now();
  const args = ['src', '-d', 'dist', '--strip-leading-paths', '--config-file', join(ROOT, '.swcrc'), '--copy-files'];
  const swc = (cwd) => run(join(ROOT, 'node_modules/.bin/swc'), args, { cwd, timeoutMs: BUILD_TIMEOUT_MS });
  // The packages with sources: the libs, then the services.
  const packages = (folder) =>
    readdirSync(join(ROOT, folder))
      .map((name) => join(ROOT, folder, name))
      .filter((dir) => existsSync(join(dir, 'src')) && readdirSync(join(dir, 'src')).length > 0);
  await withLock(join(ROOT, '.local/server-build.lock'), async () => {
    await Promise.all(packages('libs').map(swc));
    await Promise.all(packages('services').map(swc));
  });
  log(`› compiled libs and services in ${seconds(started)} s`);
}

export async function buildConsole(log = console.log, { force = false } = {}) {
  const dir = join(ROOT, 'console');
  if (!existsSync(join(dir, 'index.html')) || process.env.SKIP_CONSOLE_BUILD === '1') return;
  // The hash of every file the bundle is made of, kept beside it.
  const hash = createHash('sha256');
  const sources = ['src', 'index.html', 'vite.config.ts', '../libs/contracts/src', 'public'].map((p) => join(dir, p)).filter(existsSync);
  for (const source of sources) {
    const files = statSync(source).isDirectory() ? readdirSync(source, { recursive: true }).map((f) => join(source, f)) : [source];
    for (const file of files.sort()) if (statSync(file).isFile()) hash.update(file).update(readFileSync(file));
  }
  const sourceHash = hash.digest('hex');
  const stamp = join(dir, 'dist/.source-hash');
  const upToDate = () => !force && readFile(stamp) === sourceHash;
  if (upToDate()) {
    log('› console build is up to date');
    return;
  }
  const started = Date.now();
  await withLock(join(ROOT, '.local/console-build.lock'), async () => {
    if (upToDate()) return; // another build just made it
    await run(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: dir, timeoutMs: BUILD_TIMEOUT_MS });
    writeFileSync(stamp, sourceHash);
  });
  log(`› built the console in ${seconds(started)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
  await buildConsole(console.log, { force: process.argv.includes('--force') });
}
