// `node tools/console-budget.mjs [--dist DIR] [--json]`: what the sign-in page (/auth/login) downloads before its first
// paint, read from a console build's Vite manifest (console/dist by default; `vite build` writes .vite/manifest.json):
// index.html's entry chunk and everything it imports statically, and the sign-in screen's chunk with its own static
// imports. Each file is counted once, by its gzip size. Exits 1 when that sum is over SIGN_IN_BUDGET_BYTES, or when
// index.html preloads a chunk the sign-in page does not load (a modulepreload tag downloads it all the same).
// tests/deploy/console-budget.test.ts runs it on the build that `npm test` makes before its tests.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The sign-in page's first download, gzip bytes: 169.0 kB when this was set (102.0 of it React and the router), against
 * 256.7 kB before the sign-in page was split from the signed-in console.
 */
export const SIGN_IN_BUDGET_BYTES = 176_000;
/** The route module of the sign-in screen. */
export const SIGN_IN_SCREEN = 'src/app/auth/login-screen.tsx';

/**
 * The manifest key of the sign-in screen's chunk: its source path, or `_<file>` when the chunk also holds modules that
 * other chunks import (Vite then names it by its file; its `name` is still the module's).
 */
function signInKey(manifest) {
  if (manifest[SIGN_IN_SCREEN]) return SIGN_IN_SCREEN;
  const name = SIGN_IN_SCREEN.replace(/^.*\//, '').replace(/\.tsx?$/, '');
  const keys = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && manifest[key].name === name);
  if (keys.length !== 1) throw new Error(`the manifest has ${keys.length} chunks for ${SIGN_IN_SCREEN}`);
  return keys[0];
}

/** The manifest keys of `roots` and of every chunk they import statically, transitively. */
function staticClosure(manifest, roots) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  roots.forEach(visit);
  return [...seen];
}

/** The files /auth/login downloads before its first paint, with their gzip sizes, and the build's chunk count. */
export function signInDownload(dist) {
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build the console first (vite build)`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry && manifest[key].src === 'index.html');
  if (!entry) throw new Error('the manifest has no entry for index.html');
  const keys = staticClosure(manifest, [entry, signInKey(manifest)]);
  const names = new Set(keys.flatMap((key) => [manifest[key].file, ...(manifest[key].css ?? [])]));
  const files = [...names].map((file) => ({ file, gzipBytes: gzipSync(readFileSync(join(dist, file))).length }));
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const preloaded = [...html.matchAll(/<link\s[^>]*rel="modulepreload"[^>]*href="\/?([^"]+)"/g)].map((m) => m[1]);
  const jsChunks = new Set(
    Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => file.endsWith('.js')),
  );
  return {
    files,
    gzipBytes: files.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0),
    preloadedElsewhere: preloaded.filter((file) => !names.has(file)),
    jsChunks: jsChunks.size,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--dist');
  const dist = at >= 0 ? resolve(args[at + 1]) : join(ROOT, 'console/dist');
  const budget = Number(process.env.SIGN_IN_BUDGET_BYTES ?? SIGN_IN_BUDGET_BYTES);
  const result = { ...signInDownload(dist), budgetBytes: budget };
  const problems = [
    ...(result.gzipBytes > budget ? [`the sign-in page's first download is ${result.gzipBytes} gzip bytes, over ${budget}`] : []),
    ...result.preloadedElsewhere.map((file) => `index.html preloads ${file}, which the sign-in page does not load`),
  ];
  if (args.includes('--json')) {
    console.log(JSON.stringify({ ...result, problems }, null, 2));
  } else {
    for (const { file, gzipBytes } of result.files) console.log(`${(gzipBytes / 1000).toFixed(1).padStart(7)} kB  ${file}`);
    console.log(
      `${(result.gzipBytes / 1000).toFixed(1).padStart(7)} kB  the sign-in page's first download (budget ${budget / 1000} kB), of ${result.jsChunks} JS chunks`,
    );
    for (const problem of problems) console.error(problem);
  }
  process.exit(problems.length ? 1 : 0);
}
