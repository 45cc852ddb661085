// Runs the whole stack on this machine (npm start), every test (npm test), the fault tests alone (npm run
// test:faults) or the benchmarks (npm run bench).
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { auditProduction } from './audit.mjs';
import { buildConsole, buildServer, ROOT } from './build.mjs';
import { ensureInfra, stopInfra } from './infra.mjs';
import { FAULT_TESTS } from '../../tests/reliability/fault-tests.mjs';
import { ALLOWED_SKIPS } from '../../tests/allowed-skips.mjs';
import { jestCounts, playwrightCounts, undeclaredSkips } from './test-reports.mjs';
import { databasesFor, devKeys, flushRedisDb, log, PROFILES, recreateDatabases, redisUrlWithDb, runTool, startStack } from './stack.mjs';

const LOCAL = join(ROOT, '.local');

/**
 * A run's figures start empty (tests/reliability/RESULTS.md lists this run's only), and a narrowed run says so there.
 */
function freshFigures() {
  rmSync(join(LOCAL, 'reliability/figures.jsonl'), { force: true });
  const narrowed = NARROWING.filter((name) => process.env[name]).map((name) => `${name}=${process.env[name]}`);
  if (narrowed.length) process.env.RESULTS_PARTIAL = narrowed.join(', ');
}

async function start() {
  await buildServer(log);
  const keys = devKeys();
  const infra = await ensureInfra({ databases: databasesFor('start'), log });
  await buildConsole(log);
  const stack = await startStack('start', infra, keys);
  log(`\n  Back-office is running at http://localhost:${8080}`);
  log(
    `  Sign in as ${process.env.ADMIN_EMAIL ?? 'admin@backoffice.local'} / ${process.env.ADMIN_PASSWORD ? '(ADMIN_PASSWORD)' : 'ChangeMe!2026'}`,
  );
  log('  Ctrl-C stops everything this command started.\n');
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    log('\n› stopping');
    await stack.stop();
    if (infra.started.length) await stopInfra({ log });
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

const JEST_IGNORED = ['/node_modules/', '/dist/'];
// FAULTS_KAFKA_PORT lets two checkouts run their fault tests side by side.
const FAULTS_KAFKA_PORT = Number(process.env.FAULTS_KAFKA_PORT ?? 19192);

/**
 * Runs jest with `args`; answers its counts. A suite that fails outside its tests, a non-zero exit with no failed
 * test and a missing report each count as one failure (test-reports.mjs).
 */
async function runJest(infra, jsonFile, args, env = {}, narrowed = jestArgs()) {
  rmSync(jsonFile, { force: true });
  const code = await runTool(
    process.execPath,
    [
      '--experimental-vm-modules',
      '--disable-warning=TimeoutNegativeWarning',
      '--no-warnings',
      join(ROOT, 'node_modules/jest/bin/jest.js'),
      '--ci',
      '--json',
      `--outputFile=${jsonFile}`,
      ...narrowed,
      ...args,
    ],
    {
      TEST_PG_SERVER_URL: infra.databaseUrlFor('postgres'),
      REDIS_URL: redisUrlWithDb(infra.redisUrl, 2),
      KAFKA_BROKERS: infra.kafkaBrokers.join(','),
      ...env,
    },
  );
  return jestCounts('jest', jsonFile, code, ROOT);
}

const jestArgs = () => (process.env.JEST_ARGS ? process.env.JEST_ARGS.split(' ').filter(Boolean) : []);
const isFaultTest = (arg) => FAULT_TESTS.some((file) => arg.startsWith(file));

const add = (totals, counts) => {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  totals.skippedTests.push(...(counts.skippedTests ?? []));
  totals.problems.push(...(counts.problems ?? []));
};
const emptyTotals = () => ({ passed: 0, failed: 0, skipped: 0, skippedTests: [], problems: [] });
const failure = (problem) => ({ passed: 0, failed: 1, skipped: 0, skippedTests: [], problems: [problem] });

/** The variables that narrow `npm test` to a part of it (named in the closing line of such a run). */
const NARROWING = ['TEST_ONLY', 'JEST_ARGS', 'PLAYWRIGHT_ARGS'];

/**
 * Prints the allowed skips, fails the run on every skip not among them and on every error outside a test, then
 * the closing line: `N passed, N failed[, N skipped]` for a whole run, `partial run (…): N passed, N failed` for a
 * narrowed one, so that CI's grep for the first form never accepts a narrowed run.
 */
function close(totals, { narrowable }) {
  log(`\n› allowed skips (tests/allowed-skips.mjs): ${ALLOWED_SKIPS.length ? '' : 'none'}`);
  for (const a of ALLOWED_SKIPS) log(`  - [${a.runner}] ${a.file} › ${a.title} — ${a.reason}`);
  for (const s of undeclaredSkips(totals.skippedTests, ALLOWED_SKIPS)) {
    totals.failed += 1;
    totals.problems.push(`skipped and not declared in tests/allowed-skips.mjs: [${s.runner}] ${s.file} › ${s.title}`);
  }
  if (totals.problems.length) {
    log('\n› failures outside the test counts:');
    for (const problem of totals.problems) log(`  ✗ ${problem}`);
  }
  const counts = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
  const narrowed = narrowable ? NARROWING.filter((name) => process.env[name]) : [];
  log(narrowed.length ? `partial run (${narrowed.map((name) => `${name}=${process.env[name]}`).join(', ')}): ${counts}` : counts);
  process.exit(totals.failed > 0 ? 1 : 0);
}

/** The fault tests, one file at a time, then tests/reliability/RESULTS.md from their figures. */
async function runFaults(infra, resultsDir) {
  const jsonFile = join(resultsDir, 'faults.json');
  // A broker of their own, which they stop and start whoever owns the usual one.
  const broker = { LOCAL_KAFKA_NAME: 'kafka-faults', LOCAL_KAFKA_PORT: String(FAULTS_KAFKA_PORT) };
  const infraCli = join(ROOT, 'deploy/local/infra.mjs');
  if ((await runTool(process.execPath, [infraCli, 'kafka-start'], broker)) !== 0)
    return failure('the fault tests’ Kafka broker did not start');
  try {
    // JEST_ARGS narrows the fault tests to the fault test files it names (jest would otherwise run those and all of these).
    const named = jestArgs().filter(isFaultTest);
    const counts = await runJest(
      infra,
      jsonFile,
      ['--maxWorkers=1', '--forceExit', ...(named.length ? [] : FAULT_TESTS)],
      { ...broker, KAFKA_BROKERS: `127.0.0.1:${FAULTS_KAFKA_PORT}` },
      named,
    );
    await runTool(process.execPath, [join(ROOT, 'tests/reliability/report.mjs'), jsonFile], {});
    return counts;
  } finally {
    await runTool(process.execPath, [infraCli, 'kafka-stop'], broker);
  }
}

/** `npm run test:faults`: the fault tests (also part of `npm test`), then the load run through the gateway. */
async function faults() {
  const resultsDir = join(LOCAL, 'test-results', 'faults');
  mkdirSync(resultsDir, { recursive: true });
  freshFigures();
  await buildServer(log);
  const infra = await ensureInfra({ databases: [], log });
  const counts = await runFaults(infra, resultsDir);
  // The load run starts a whole stack of its own: here only, not in `npm test` (CI time).
  log('\n› load through the gateway (autocannon; LOAD_DURATION_S, LOAD_CONNECTIONS)');
  const load = await runTool(process.execPath, [join(ROOT, 'tests/reliability/load.mjs')], {});
  const totals = emptyTotals();
  add(totals, counts);
  add(totals, load === 0 ? { passed: 1, failed: 0, skipped: 0 } : failure(`the load run exited with code ${load}`));
  await runTool(process.execPath, [join(ROOT, 'tests/reliability/report.mjs'), join(resultsDir, 'faults.json')], {});
  if (infra.started.length) await stopInfra({ log });
  close(totals, { narrowable: false });
}

/** Runs the console's Vitest component tests; answers their counts, read as jest's (the same report shape). */
async function runVitest(jsonFile) {
  const code = await runTool(
    process.execPath,
    [
      join(ROOT, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--config',
      join(ROOT, 'console/vitest.config.mjs'),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${jsonFile}`,
    ],
    {},
  );
  return jestCounts('vitest', jsonFile, code, ROOT);
}

/** Runs lint, jest, the fault tests and Playwright, sums their counts and prints the one closing line. */
async function test() {
  const started = Date.now();
  const resultsDir = join(LOCAL, 'test-results', process.env.STACK_NAME ?? 'test');
  rmSync(resultsDir, { recursive: true, force: true });
  mkdirSync(resultsDir, { recursive: true });
  freshFigures();
  await buildServer(log);
  const keys = devKeys();
  const infra = await ensureInfra({ databases: [], log });
  await buildConsole(log);
  const totals = emptyTotals();
  const only = process.env.TEST_ONLY; // jest | e2e, to run one part while developing

  if (!only) {
    log('\n› lint: eslint, prettier, tsc');
    const lint = await runTool('npm', ['run', 'lint', '--silent'], {});
    add(totals, lint === 0 ? { passed: 1, failed: 0, skipped: 0 } : failure(`lint (eslint, prettier, tsc) exited with code ${lint}`));

    log('\n› npm audit --omit=dev: no high or critical advisory in what the images install');
    const audit = auditProduction();
    // Without an audit server (a registry mirror that does not serve advisories) the check is skipped, saying why.
    log(`  ${audit.status === 'skipped' ? `skipped: ${audit.message}` : audit.message}`);
    if (audit.status === 'passed') add(totals, { passed: 1, failed: 0, skipped: 0 });
    if (audit.status === 'failed') add(totals, failure(`npm audit: ${audit.message}`));
  }

  if (only !== 'e2e' && only !== 'faults') {
    log('\n› unit and integration tests (jest)');
    // The fault tests run next, on their own: some stop the shared Kafka broker the others need.
    add(totals, await runJest(infra, join(resultsDir, 'jest.json'), ['--testPathIgnorePatterns', ...JEST_IGNORED, ...FAULT_TESTS]));
  }

  if (!only) {
    log('\n› console component tests (Vitest, jsdom)');
    add(totals, await runVitest(join(resultsDir, 'vitest.json')));
  }

  // JEST_ARGS that name no fault test leave the fault tests out.
  if (only !== 'e2e' && only !== 'jest' && (!process.env.JEST_ARGS || jestArgs().some(isFaultTest))) {
    log('\n› fault tests (jest, one file at a time)');
    add(totals, await runFaults(infra, resultsDir));
  }

  if (only !== 'jest' && only !== 'faults') {
    log('\n› end-to-end tests (Playwright, Chromium, the whole stack)');
    await recreateDatabases(infra, databasesFor('test'));
    await flushRedisDb(redisUrlWithDb(infra.redisUrl, PROFILES.test.redisDb));
    let stack;
    try {
      stack = await startStack('test', infra, keys);
      const e2eJson = join(resultsDir, 'playwright.json');
      const extra = process.env.PLAYWRIGHT_ARGS ? process.env.PLAYWRIGHT_ARGS.split(' ') : [];
      rmSync(e2eJson, { force: true });
      const code = await runTool(
        join(ROOT, 'node_modules/.bin/playwright'),
        ['test', '-c', join(ROOT, 'tests/e2e/playwright.config.ts'), ...extra],
        {
          BASE_URL: stack.url,
          PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
          TEST_REDIS_URL: redisUrlWithDb(infra.redisUrl, PROFILES.test.redisDb),
          TEST_DATABASE_PREFIX: `backoffice_${process.env.STACK_NAME ?? 'test'}_`,
          TEST_PG_SERVER_URL: infra.databaseUrlFor('postgres'),
        },
      );
      add(totals, playwrightCounts(e2eJson, code, ROOT, join(ROOT, 'tests/e2e')));
    } catch (error) {
      console.error(error.message);
      add(totals, failure(`the end-to-end stack: ${error.message}`));
    } finally {
      await stack?.stop();
    }
    // The end-to-end tests record figures too (the front-door fuzzer): RESULTS.md again, with them.
    await runTool(process.execPath, [join(ROOT, 'tests/reliability/report.mjs'), join(resultsDir, 'faults.json')], {});
  }

  if (infra.started.length) await stopInfra({ log });
  log(`\n› tests took ${Math.round((Date.now() - started) / 1000)} s`);
  close(totals, { narrowable: true });
}

async function bench() {
  await buildServer(log);
  const infra = await ensureInfra({ databases: [], log });
  const code = await runTool(process.execPath, [join(ROOT, 'tests/bench/run.mjs'), ...process.argv.slice(3)], {
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    REDIS_URL: infra.redisUrl,
    TEST_PG_SERVER_URL: infra.databaseUrlFor('postgres'),
  });
  process.exit(code);
}

const commands = { start, test, bench, faults };
const command = commands[process.argv[2] ?? 'start'];
if (!command) {
  console.error(`usage: run.mjs start|test|bench|faults`);
  process.exit(2);
}
command().catch((error) => {
  console.error(error);
  if (command === test) {
    const narrowed = NARROWING.filter((name) => process.env[name]);
    log(
      `${narrowed.length ? `partial run (${narrowed.map((name) => `${name}=${process.env[name]}`).join(', ')}): ` : ''}0 passed, 1 failed`,
    );
  }
  process.exit(1);
});
