// npm run bench: starts a bench stack (its own ports and databases, request logs off), runs every *.bench.mjs,
// prints one table and writes tests/bench/RESULTS.md, whole, with the commit measured, the date, the machine and
// every figure. `npm run bench -- <name> ...` runs only the benchmarks whose file names contain a name, and writes
// .local/bench/RESULTS.partial.md instead (the committed file only ever holds one whole run).
// A benchmark that throws makes the run exit 1; `--check` also makes a missed target exit 1.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, buildConsole } from '../../deploy/local/build.mjs';
import { measuredCommit } from '../../tools/commit.mjs';
import { ensureInfra } from '../../deploy/local/infra.mjs';
import { devKeys, startStack } from '../../deploy/local/stack.mjs';
import { BENCH_PROFILE, freshData } from '../../tools/test-stack.mjs';
import { applyRuntimeSettings, cpuSeconds, machineBusySeconds, rssMb, row } from './lib.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));
// The anchors that run in this process (plain Fastify, the relays) on the V8 settings of the product's processes.
applyRuntimeSettings();
const check = process.argv.includes('--check');
const only = process.argv.slice(2).filter((arg) => arg !== '--check');

async function main() {
  const commit = measuredCommit(ROOT);
  const infra = await ensureInfra({ databases: [], log: () => undefined });
  const files = readdirSync(HERE).filter((f) => f.endsWith('.bench.mjs') && (only.length === 0 || only.some((o) => f.includes(o))));
  const benches = [];
  for (const file of files) benches.push(await import(join(HERE, file)));
  // A benchmark that exports `needsStack = false` (the relay's) runs on the infrastructure alone: when only such
  // benchmarks run, no stack is started (and there are no start-up rows).
  const needsStack = benches.some((bench) => bench.needsStack !== false);
  const context = { root: ROOT, infra, topicPrefix: BENCH_PROFILE.topicPrefix };
  const rows = [];
  let stack;

  const failed = [];
  try {
    if (needsStack) {
      await buildConsole(console.log);
      // Fresh databases number uploads from 1 again: jobs of an earlier run must not answer for them (Redis flushed too).
      await freshData(infra, BENCH_PROFILE);
      // The 1,000,000-row lead sheet (about 70 MB) is larger than the upload limits of a normal stack.
      process.env.CRM_UPLOAD_MAX_BYTES ??= String(200 * 2 ** 20);
      // The gateway refuses bigger bodies itself: room for the 1,000,000-row sheet and its multipart envelope.
      process.env.PROXY_BODY_LIMIT_BYTES ??= String(210 * 2 ** 20);
      const keys = devKeys();
      const startedAt = Date.now();
      stack = await startStack(BENCH_PROFILE, infra, keys);
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
      const databaseUrl = (service) => infra.databaseUrlFor(BENCH_PROFILE.database(service));
      Object.assign(context, { stack: { ...stack, serviceUrl }, token, freshToken, credentials, databaseUrl });

      rows.push(row('start-up', 'stack start to every service ready (dependencies installed, built)', startupMs, 'ms'));
      await new Promise((r) => setTimeout(r, 3000));
      const memory = stack.children.reduce((sum, c) => sum + rssMb(c.child.pid), 0);
      rows.push(row('start-up', `memory of the running stack at rest (${stack.children.length} processes, RSS)`, memory, 'MB'));
      const worker = stack.children.find((c) => c.proc.name === 'crm-worker');
      if (worker) rows.push(row('start-up', 'the leads worker at rest (RSS)', rssMb(worker.child.pid), 'MB'));
      // What the stack costs doing nothing (timers, heartbeats, pollers), which an import or a request shares the cores with.
      const stackCpu = () => stack.children.reduce((sum, c) => sum + cpuSeconds(c.child.pid), 0);
      const idleFrom = stackCpu();
      await new Promise((r) => setTimeout(r, 10_000));
      const idleMs = ((stackCpu() - idleFrom) / 10) * 1000;
      rows.push(row('start-up', `CPU of the running stack at rest (${stack.children.length} processes)`, idleMs, 'ms/s'));
      // What one benchmark left running (PostgreSQL analysing the million rows it seeded, consumers catching up on its
      // events, a browser still closing) must not be measured by the next: it waits, up to 2 min, for a second in which
      // the whole machine was busy for less than the stack at rest and 200 ms more.
      context.quiet = async () => {
        const limitSeconds = (idleMs + 200) / 1000;
        const started = Date.now();
        while (Date.now() - started < 120_000) {
          const from = machineBusySeconds();
          await new Promise((r) => setTimeout(r, 1000));
          if (machineBusySeconds() - from < limitSeconds) break;
        }
        return Date.now() - started;
      };
    }
    for (const [index, bench] of benches.entries()) {
      process.stdout.write(`› ${bench.name} … `);
      if (index > 0 && context.quiet) {
        const waited = await context.quiet();
        if (waited >= 2000) process.stdout.write(`(waited ${(waited / 1000).toFixed(0)} s for a quiet stack) `);
      }
      try {
        const result = await bench.run(context);
        rows.push(...result);
        console.log('done');
      } catch (error) {
        console.log(`failed: ${error.message}`);
        failed.push(`${bench.name}: ${error.message}`);
        rows.push(row(bench.name, 'benchmark failed to run', 0, '', { goal: error.message.slice(0, 120), met: false }));
      }
    }
  } finally {
    await stack?.stop();
  }

  const header = ['benchmark', 'figure', 'value', 'unit', 'anchor', 'anchor is', 'target', 'met'];
  const lines = rows.map((r) => [r.benchmark, r.figure, r.value, r.unit, r.anchor, r.anchorLabel, r.goal, r.met]);
  console.table(rows);
  const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB`;
  const markdown = [
    '# Benchmark results',
    '',
    `Commit measured: ${commit}. Run: ${new Date().toISOString()} on ${machine}, Node ${process.version}. Written whole by \`npm run bench\`; ` +
      'every figure and its anchor below ran in this one run. What the figures mean, and what sets the floor of a target ' +
      'out of reach: NOTES.md.' +
      (only.length ? ` Partial run: only ${files.join(', ')}.` : ''),
    '',
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...lines.map((l) => `| ${l.map((cell) => String(cell).replace(/\|/g, '\\|')).join(' | ')} |`),
    '',
  ].join('\n');
  const target = only.length ? join(ROOT, '.local/bench/RESULTS.partial.md') : join(HERE, 'RESULTS.md');
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, markdown);
  console.log(`\nwrote ${relative(ROOT, target)} (${BENCH_PROFILE.database('<service>')} databases, ports +${BENCH_PROFILE.portOffset})`);

  const missed = rows.filter((r) => r.met === 'NO' && r.figure !== 'benchmark failed to run');
  if (failed.length) {
    console.error(`\n${failed.length} benchmark(s) failed to run:\n${failed.map((f) => `  ✗ ${f}`).join('\n')}`);
    process.exitCode = 1;
  }
  if (missed.length) {
    const list = missed.map((r) => `  ✗ ${r.benchmark}: ${r.figure} = ${r.value} ${r.unit} (target ${r.goal})`).join('\n');
    console.error(`\n${missed.length} target(s) missed${check ? '' : ' (exit 0 without --check)'}:\n${list}`);
    if (check) process.exitCode = 1;
  } else if (check) {
    console.log(`\n--check: every target with a goal met (${rows.filter((r) => r.met === 'yes').length})`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
