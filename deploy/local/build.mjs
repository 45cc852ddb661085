// Compiles libs and services with swc (seconds), and the console with Vite, each only when its sources changed since
// its last build (a hash of them is kept beside the output). One builder at a time for each: several stacks, and
// several test suites (buildServices in libs/platform's testing kit runs this file), may build at once.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFile, ROOT, run, withLock } from './util.mjs';

export { ROOT };
const BUILD_TIMEOUT_MS = 15 * 60_000;
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

/** The hash of every file under `sources` (files or folders), their paths included. */
function hashOf(sources) {
  const hash = createHash('sha256');
  for (const source of sources.filter((p) => existsSync(p))) {
    const files = statSync(source).isDirectory() ? readdirSync(source, { recursive: true }).map((f) => join(source, f)) : [source];
    for (const file of files.sort()) if (statSync(file).isFile()) hash.update(file).update(readFileSync(file));
  }
  return hash.digest('hex');
}

/**
 * Runs `build` under the lock `name` unless `stamp` holds the hash of `sources` and every one of `outputs` is there;
 * answers whether it built.
 */
async function buildWhenChanged(name, { sources, outputs, stamp, force }, build) {
  const hash = hashOf(sources);
  const upToDate = () => !force && readFile(stamp) === hash && outputs.every((p) => existsSync(p));
  if (upToDate()) return false;
  return withLock(join(ROOT, `.local/${name}-build`), async () => {
    if (upToDate()) return false; // another builder just made it
    await build();
    writeFileSync(stamp, hash);
    return true;
  });
}

export async function buildServer(log = console.log, { force = false } = {}) {
  const started = Date.now();
  // The packages with sources: the libs, then the services.
  const packages = (folder) =>
    readdirSync(join(ROOT, folder))
      .map((name) => join(ROOT, folder, name))
      .filter((dir) => existsSync(join(dir, 'src')) && readdirSync(join(dir, 'src')).length > 0);
  const args = ['src', '-d', 'dist', '--strip-leading-paths', '--config-file', join(ROOT, '.swcrc'), '--copy-files'];
  const swc = (cwd) => run(join(ROOT, 'node_modules/.bin/swc'), args, { cwd, timeoutMs: BUILD_TIMEOUT_MS });
  const dirs = [...packages('libs'), ...packages('services')];
  const sources = [join(ROOT, '.swcrc'), ...dirs.map((dir) => join(dir, 'src'))];
  const outputs = dirs.map((dir) => join(dir, 'dist'));
  const stamp = join(ROOT, '.local/server-build.hash');
  const built = await buildWhenChanged('server', { sources, outputs, stamp, force }, async () => {
    await Promise.all(packages('libs').map(swc));
    await Promise.all(packages('services').map(swc));
  });
  log(built ? `› compiled libs and services in ${seconds(started)} s` : '› libs and services are up to date');
}

export async function buildConsole(log = console.log, { force = false } = {}) {
  const dir = join(ROOT, 'console');
  if (!existsSync(join(dir, 'index.html')) || process.env.SKIP_CONSOLE_BUILD === '1') return;
  const started = Date.now();
  const sources = ['src', 'index.html', 'vite.config.ts', '../libs/contracts/src', 'public'].map((p) => join(dir, p));
  const vite = () => run(join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: dir, timeoutMs: BUILD_TIMEOUT_MS });
  const stamp = join(dir, 'dist/.source-hash');
  const built = await buildWhenChanged('console', { sources, outputs: [stamp], stamp, force }, vite);
  log(built ? `› built the console in ${seconds(started)} s` : '› console build is up to date');
}

// `node deploy/local/build.mjs [--server] [--force]`: --server builds libs and services only.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const force = process.argv.includes('--force');
  await buildServer(console.log, { force });
  if (!process.argv.includes('--server')) await buildConsole(console.log, { force });
}
