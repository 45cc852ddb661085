// npm run bench: starts a bench stack (its own ports and databases, request logs off), runs every *.bench.mjs,
// prints one table and writes tests/bench/RESULTS.md with the date, the machine and every figure.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, buildConsole } from '../../deploy/local/build.mjs';
import { ensureInfra } from '../../deploy/local/infra.mjs';
import { databasesFor, devKeys, flushRedisDb, PROFILES, recreateDatabases, redisUrlWithDb, startStack } from '../../deploy/local/stack.mjs';
import { rssMb, row } from './lib.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);

async function main() {
  const infra = await ensureInfra({ databases: [], log: () => undefined });
  await buildConsole(console.log);
  await recreateDatabases(infra, databasesFor('bench'));
  // Fresh databases number uploads from 1 again: jobs of an earlier run must not answer for them.
  await flushRedisDb(redisUrlWithDb(infra.redisUrl, PROFILES.bench.redisDb));
  // The 1,000,000-row lead sheet (about 70 MB) is larger than the upload limits of a normal stack.
  process.env.CRM_UPLOAD_MAX_BYTES ??= String(200 * 2 ** 20);
  process.env.PROXY_BODY_LIMIT_BYTES ??= String(200 * 2 ** 20);
  const keys = devKeys();
  const startedAt = Date.now();
  const stack = await startStack('bench', infra, keys);
  const startupMs = Date.now() - startedAt;
  const credentials = {
    email: process.env.ADMIN_EMAIL ?? 'admin@backoffice.local',
    password: process.env.ADMIN_PASSWORD ?? 'ChangeMe!2026',
  };
  const signIn = async () => {
    const login = await fetch(`${stack.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: credentials.email, password: credentials.password }),
    });
    if (!login.ok) throw new Error(`sign-in answered ${login.status}`);
    return (await login.json()).accessToken;
  };
  const token = await signIn();
  // Access tokens are short-lived and some benchmarks run for many minutes: they ask for a fresh one.
  let fresh = { token, at: Date.now() };
  const freshToken = async () => {
    if (Date.now() - fresh.at > 4 * 60_000) fresh = { token: await signIn(), at: Date.now() };
    return fresh.token;
  };
  const serviceUrl = (service) => `http://127.0.0.1:${stack.children.find((c) => c.proc.name === service).port}`;
  const databaseUrl = (service) => infra.databaseUrlFor(PROFILES.bench.database(service));
  const context = {
    stack: { ...stack, serviceUrl },
    token,
    freshToken,
    root: ROOT,
    infra,
    credentials,
    databaseUrl,
    topicPrefix: PROFILES.bench.topicPrefix,
  };

  const rows = [row('start-up', 'stack start to every service ready (dependencies installed, built)', startupMs, 'ms')];
  await new Promise((r) => setTimeout(r, 3000));
  const memory = stack.children.reduce((sum, c) => sum + rssMb(c.child.pid), 0);
  rows.push(row('start-up', `memory of the running stack at rest (${stack.children.length} processes, RSS)`, memory, 'MB'));

  const files = readdirSync(HERE).filter((f) => f.endsWith('.bench.mjs') && (only.length === 0 || only.some((o) => f.includes(o))));
  try {
    for (const file of files) {
      const bench = await import(join(HERE, file));
      process.stdout.write(`› ${bench.name} … `);
      try {
        const result = await bench.run(context);
        rows.push(...result);
        console.log('done');
      } catch (error) {
        console.log(`failed: ${error.message}`);
        rows.push(row(bench.name, 'benchmark failed to run', 0, '', { goal: error.message.slice(0, 120), met: false }));
      }
    }
  } finally {
    await stack.stop();
  }

  const header = ['benchmark', 'figure', 'value', 'unit', 'anchor', 'anchor is', 'target', 'met'];
  const lines = rows.map((r) => [r.benchmark, r.figure, r.value, r.unit, r.anchor, r.anchorLabel, r.goal, r.met]);
  // `npm run bench -- <name>` replaces the rows of the benchmarks it ran, in place, and keeps the others' rows
  // (and the start-up rows of the last full run: a filtered run may start only part of the stack).
  const ran = only.length ? [...new Set(rows.map((r) => String(r.benchmark)))].filter((b) => b !== 'start-up') : [];
  const table = only.length ? mergeRows(previousRows(join(HERE, 'RESULTS.md')), lines, ran) : lines;
  console.table(rows);
  const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB`;
  const markdown = [
    '# Benchmark results',
    '',
    `Run: ${new Date().toISOString()} on ${machine}, Node ${process.version}. Written by \`npm run bench\`; each project figure and its anchor ran in the same run.` +
      (only.length ? ` This run: ${ran.join(', ')}; the other rows come from earlier runs.` : ''),
    '',
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...table.map((l) => `| ${l.join(' | ')} |`),
    '',
  ].join('\n');
  writeFileSync(join(HERE, 'RESULTS.md'), markdown);
  console.log(`\nwrote tests/bench/RESULTS.md (${PROFILES.bench.database('<service>')} databases, ports +${PROFILES.bench.portOffset})`);
}

/** The table rows of an earlier RESULTS.md, as lists of cells. */
function previousRows(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| benchmark |') && !line.startsWith('| ---'))
    .map((line) =>
      line
        .slice(2, -2)
        .split(' | ')
        .map((cell) => cell.trim()),
    );
}

/** The earlier rows with those of each benchmark in `ran` replaced by this run's, where they stood. */
function mergeRows(previous, lines, ran) {
  const fresh = (benchmark) => lines.filter((l) => String(l[0]) === benchmark);
  const merged = [];
  const placed = new Set();
  for (const cells of previous) {
    if (!ran.includes(cells[0])) merged.push(cells);
    else if (!placed.has(cells[0])) {
      placed.add(cells[0]);
      merged.push(...fresh(cells[0]));
    }
  }
  for (const benchmark of ran) if (!placed.has(benchmark)) merged.push(...fresh(benchmark));
  return merged;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
