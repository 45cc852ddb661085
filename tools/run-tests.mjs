// `npm test` (lint, the audit, jest, Vitest, the fault tests and Playwright, one closing line), `npm run test:faults`
// (the fault tests, then the load run) and `npm run bench`, on the local infrastructure of deploy/local.
//
// TEST_ONLY=jest|e2e|faults|containers, JEST_ARGS and PLAYWRIGHT_ARGS narrow `npm test` to a part; such a run says so in its
// closing line (`partial run (…): N passed, N failed`), which CI's grep for `N passed, N failed` never accepts.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildImages } from '../deploy/docker/build-images.mjs';
import { ensureEngine, stopEngine } from '../deploy/docker/engine.mjs';
import { buildConsole, buildServer } from '../deploy/local/build.mjs';
import { ensureInfra, stopInfra } from '../deploy/local/infra.mjs';
import { devKeys, log, redisUrlWithDb, startStack } from '../deploy/local/stack.mjs';
import { LOCAL, ROOT } from '../deploy/local/util.mjs';
import { ALLOWED_SKIPS } from '../tests/allowed-skips.mjs';
import { FAULT_TESTS } from '../tests/reliability/fault-tests.mjs';
import { auditProduction } from './audit.mjs';
import { freshData, TEST_PROFILE } from './test-stack.mjs';
import { jestCounts, playwrightCounts, undeclaredSkips } from './test-reports.mjs';

const JEST_IGNORED = ['/node_modules/', '/dist/'];
// The container tests: their own part of npm test, after the images are built (runContainers). The rolling upgrade
// (two replicas of everything, under load, for minutes) runs in `npm run test:faults` only, beside the load run.
const CONTAINER_TESTS = ['tests/containers/'];
const ROLLING_UPGRADE = 'tests/containers/rolling.test.ts';
// FAULTS_KAFKA_PORT lets two checkouts run their fault tests side by side.
const FAULTS_KAFKA_PORT = Number(process.env.FAULTS_KAFKA_PORT ?? 19192);
/** The variables that narrow `npm test` to a part of it, as `NAME=value` (empty for a whole run). */
const narrowing = () =>
  ['TEST_ONLY', 'JEST_ARGS', 'PLAYWRIGHT_ARGS'].filter((name) => process.env[name]).map((n) => `${n}=${process.env[n]}`);
const jestArgs = () => (process.env.JEST_ARGS ?? '').split(' ').filter(Boolean);
const isFaultTest = (arg) => FAULT_TESTS.some((file) => arg.startsWith(file));
/** Runs a tool in the foreground (its output goes to this one's); answers its exit code. */
function runTool(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}
const node = (script, args = [], env = {}) => runTool(process.execPath, [join(ROOT, script), ...args], env);
const counts = (passed, failed = 0, problems = []) => ({ passed, failed, skipped: 0, skippedTests: [], problems });
const failure = (problem) => counts(0, 1, [problem]);
/** One passed check when a tool exited 0, else one failure naming it. */
const exitCounts = (what, code) => (code === 0 ? counts(1) : failure(`${what} exited with code ${code}`));
/** The counts of two parts of a run as one. */
const both = (a, b) => ({
  passed: a.passed + b.passed,
  failed: a.failed + b.failed,
  skipped: a.skipped + b.skipped,
  skippedTests: [...(a.skippedTests ?? []), ...(b.skippedTests ?? [])],
  problems: [...(a.problems ?? []), ...(b.problems ?? [])],
});

/**
 * tests/reliability/RESULTS.md from the figures of this run (the fault tests' report and what the tests recorded),
 * counted like any check: a report that fails (a figure past its limit, a broken figures file) fails the run.
 */
const reliabilityReport = async (resultsDir) =>
  exitCounts(
    'the reliability report (tests/reliability/report.mjs)',
    await node('tests/reliability/report.mjs', [join(resultsDir, 'faults.json')]),
  );

class Totals {
  passed = 0;
  failed = 0;
  skipped = 0;
  skippedTests = [];
  problems = [];
  add(part) {
    this.passed += part.passed;
    this.failed += part.failed;
    this.skipped += part.skipped;
    this.skippedTests.push(...(part.skippedTests ?? []));
    this.problems.push(...(part.problems ?? []));
  }

  /**
   * Prints the allowed skips, fails the run on every skip not among them and on every error outside a test, then
   * the closing line (`partial run (…): …` for a narrowed run), and exits.
   */
  close({ narrowable }) {
    log(`\n› allowed skips (tests/allowed-skips.mjs): ${ALLOWED_SKIPS.length ? '' : 'none'}`);
    for (const a of ALLOWED_SKIPS) log(`  - [${a.runner}] ${a.file} › ${a.title} — ${a.reason}`);
    for (const s of undeclaredSkips(this.skippedTests, ALLOWED_SKIPS)) {
      this.add(failure(`skipped and not declared in tests/allowed-skips.mjs: [${s.runner}] ${s.file} › ${s.title}`));
    }
    if (this.problems.length) log(`\n› what failed:\n${this.problems.map((p) => `  ✗ ${p}`).join('\n')}`);
    const line = `${this.passed} passed, ${this.failed} failed${this.skipped ? `, ${this.skipped} skipped` : ''}`;
    const narrowed = narrowable ? narrowing() : [];
    log(narrowed.length ? `partial run (${narrowed.join(', ')}): ${line}` : line);
    process.exit(this.failed > 0 ? 1 : 0);
  }
}

/** A run's folder of reports, emptied; its figures start empty too (RESULTS.md lists this run's only). */
function freshResults(name) {
  const dir = join(LOCAL, 'test-results', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  rmSync(join(LOCAL, 'reliability/figures.jsonl'), { force: true });
  if (narrowing().length) process.env.RESULTS_PARTIAL = narrowing().join(', ');
  return dir;
}

/**
 * jest with `args`, reported into `jsonFile`; its counts. A suite that fails outside its tests, a non-zero exit with
 * no failed test and a missing report each count as one failure (test-reports.mjs).
 */
async function runJest(infra, jsonFile, args, env = {}, narrowed = jestArgs()) {
  rmSync(jsonFile, { force: true });
  const jest = [
    '--experimental-vm-modules',
    '--disable-warning=TimeoutNegativeWarning',
    '--no-warnings',
    join(ROOT, 'node_modules/jest/bin/jest.js'),
  ];
  const code = await runTool(process.execPath, [...jest, '--ci', '--json', `--outputFile=${jsonFile}`, ...narrowed, ...args], {
    TEST_PG_SERVER_URL: infra.databaseUrlFor('postgres'),
    REDIS_URL: redisUrlWithDb(infra.redisUrl, 2),
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    ...env,
  });
  return jestCounts('jest', jsonFile, code, ROOT);
}

/** The console's Vitest component tests; their counts, read as jest's (the same report shape). */
async function runVitest(jsonFile) {
  const args = [
    'run',
    '--config',
    join(ROOT, 'console/vitest.config.mjs'),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${jsonFile}`,
  ];
  return jestCounts('vitest', jsonFile, await node('node_modules/vitest/vitest.mjs', args), ROOT);
}

/** The fault tests, one file at a time, on a Kafka broker of their own (they stop and start it), then RESULTS.md. */
async function runFaults(infra, resultsDir) {
  const broker = { LOCAL_KAFKA_NAME: 'kafka-faults', LOCAL_KAFKA_PORT: String(FAULTS_KAFKA_PORT) };
  const infraCli = (action) => node('deploy/local/infra.mjs', [action], broker);
  if ((await infraCli('kafka-start')) !== 0) return failure('the fault tests’ Kafka broker did not start');
  try {
    // JEST_ARGS narrows the fault tests to the fault test files it names (jest would otherwise run those and all of these).
    const named = jestArgs().filter(isFaultTest);
    const env = { ...broker, KAFKA_BROKERS: `127.0.0.1:${FAULTS_KAFKA_PORT}` };
    const part = await runJest(
      infra,
      join(resultsDir, 'faults.json'),
      ['--maxWorkers=1', '--forceExit', ...(named.length ? [] : FAULT_TESTS)],
      env,
      named,
    );
    return both(part, await reliabilityReport(resultsDir));
  } finally {
    await infraCli('kafka-stop');
  }
}

/**
 * The container tests: the engine (started here when none answers, stopped after only then), the base images and the
 * product's images built by the project's own Dockerfile, then tests/containers one file at a time.
 */
async function runContainers(infra, resultsDir, { rolling = false } = {}) {
  let engine;
  try {
    engine = await ensureEngine({ log });
    const began = Date.now();
    const built = await buildImages({ log });
    const seconds = Math.round((Date.now() - began) / 1000);
    log(`› images ready in ${seconds} s: ${built.map((b) => `${b.name} ${Math.round(b.bytes / 1e6)} MB`).join(', ')}`);
    const named = jestArgs().filter((a) => a.startsWith(CONTAINER_TESTS[0]));
    const files = named.length ? [] : rolling ? [ROLLING_UPGRADE] : [...CONTAINER_TESTS, '--testPathIgnorePatterns', ROLLING_UPGRADE];
    const env = { TESTCONTAINERS_RYUK_DISABLED: 'true' };
    const report = join(resultsDir, rolling ? 'rolling.json' : 'containers.json');
    return await runJest(infra, report, ['--runInBand', '--forceExit', ...files], env, named);
  } catch (error) {
    console.error(error.message);
    return failure(`the container tests: ${error.message.split('\n')[0]}`);
  } finally {
    if (engine?.started) await stopEngine({ log });
  }
}

/** Playwright against a fresh test stack (its own databases, Redis database and ports). */
async function runPlaywright(infra, keys, resultsDir) {
  await freshData(infra, TEST_PROFILE);
  let stack;
  try {
    stack = await startStack(TEST_PROFILE, infra, keys);
    const e2eJson = join(resultsDir, 'playwright.json');
    rmSync(e2eJson, { force: true });
    const extra = process.env.PLAYWRIGHT_ARGS ? process.env.PLAYWRIGHT_ARGS.split(' ') : [];
    const code = await runTool(
      join(ROOT, 'node_modules/.bin/playwright'),
      ['test', '-c', join(ROOT, 'tests/e2e/playwright.config.ts'), ...extra],
      {
        BASE_URL: stack.url,
        PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
        TEST_REDIS_URL: redisUrlWithDb(infra.redisUrl, TEST_PROFILE.redisDb),
        TEST_DATABASE_PREFIX: TEST_PROFILE.database(''),
        TEST_PG_SERVER_URL: infra.databaseUrlFor('postgres'),
      },
    );
    return playwrightCounts(e2eJson, code, ROOT, join(ROOT, 'tests/e2e'));
  } catch (error) {
    console.error(error.message);
    return failure(`the end-to-end stack: ${error.message}`);
  } finally {
    await stack?.stop();
  }
}

/** `npm test`: lint and the audit, jest, Vitest, the fault tests and Playwright, summed into one closing line. */
async function test() {
  const started = Date.now();
  const resultsDir = freshResults(process.env.STACK_NAME ?? 'test');
  await buildServer(log);
  const keys = devKeys();
  const infra = await ensureInfra({ databases: [], log });
  await buildConsole(log);
  const totals = new Totals();
  const only = process.env.TEST_ONLY; // jest | e2e | faults | containers, to run one part while developing
  // How long each part took, printed at the end: where CI's time goes.
  const took = [[`build and infrastructure`, Date.now() - started]];
  const timed = async (what, run) => {
    const began = Date.now();
    totals.add(await run());
    took.push([what, Date.now() - began]);
  };
  if (!only) {
    log('\n› lint: eslint, prettier, tsc');
    await timed('lint', async () => exitCounts('lint (eslint, prettier, tsc)', await runTool('npm', ['run', 'lint', '--silent'], {})));
    log('\n› npm audit --omit=dev: no high or critical advisory in what the images install');
    const audit = auditProduction();
    // Without an audit server (a registry mirror that does not serve advisories) the check is skipped, saying why.
    log(`  ${audit.status === 'skipped' ? `skipped: ${audit.message}` : audit.message}`);
    if (audit.status !== 'skipped') totals.add(audit.status === 'passed' ? counts(1) : failure(`npm audit: ${audit.message}`));
  }
  if (!only || only === 'jest') {
    log('\n› unit and integration tests (jest)');
    // Not the fault tests: they run one file at a time, on a Kafka broker of their own that they stop and start.
    await timed('jest', () =>
      runJest(infra, join(resultsDir, 'jest.json'), ['--testPathIgnorePatterns', ...JEST_IGNORED, ...FAULT_TESTS, ...CONTAINER_TESTS]),
    );
  }
  if (!only) {
    log('\n› console component tests (Vitest, jsdom)');
    await timed('vitest', () => runVitest(join(resultsDir, 'vitest.json')));
  }
  // JEST_ARGS that name no fault test leave the fault tests out.
  if ((!only || only === 'faults') && (!process.env.JEST_ARGS || jestArgs().some(isFaultTest))) {
    log('\n› fault tests (jest, one file at a time)');
    await timed('fault tests', () => runFaults(infra, resultsDir));
  }
  if (!only || only === 'e2e') {
    log('\n› end-to-end tests (Playwright, Chromium, the whole stack)');
    // The end-to-end tests record figures too (the front-door fuzzer): RESULTS.md again, with them.
    await timed('end-to-end', async () => both(await runPlaywright(infra, keys, resultsDir), await reliabilityReport(resultsDir)));
  }
  if ((!only || only === 'containers') && (!process.env.JEST_ARGS || jestArgs().some((a) => a.startsWith(CONTAINER_TESTS[0])))) {
    log('\n› container tests (the images built by deploy/docker/Dockerfile, docker compose, testcontainers)');
    // Their figures (faults on containers, the rolling upgrade) go into RESULTS.md too.
    await timed('containers', async () => both(await runContainers(infra, resultsDir), await reliabilityReport(resultsDir)));
  }
  if (infra.started.length) await stopInfra({ log });
  log(
    `\n› tests took ${Math.round((Date.now() - started) / 1000)} s: ${took.map(([what, ms]) => `${what} ${Math.round(ms / 1000)} s`).join(', ')}`,
  );
  totals.close({ narrowable: true });
}

/** `npm run test:faults`: the fault tests (also part of `npm test`), then the load run through the gateway. */
async function faults() {
  const resultsDir = freshResults('faults');
  await buildServer(log);
  const infra = await ensureInfra({ databases: [], log });
  const totals = new Totals();
  totals.add(await runFaults(infra, resultsDir));
  // The load run starts a whole stack of its own: here only, not in `npm test` (CI time).
  log('\n› load through the gateway (autocannon; LOAD_DURATION_S, LOAD_CONNECTIONS)');
  totals.add(exitCounts('the load run', await node('tests/reliability/load.mjs')));
  log('\n› a rolling upgrade on containers (two replicas of every service, under load)');
  totals.add(await runContainers(infra, resultsDir, { rolling: true }));
  totals.add(await reliabilityReport(resultsDir));
  if (infra.started.length) await stopInfra({ log });
  totals.close({ narrowable: false });
}

/** `npm run bench`: tests/bench/run.mjs on the local infrastructure. */
async function bench() {
  await buildServer(log);
  const infra = await ensureInfra({ databases: [], log });
  process.exit(
    await node('tests/bench/run.mjs', process.argv.slice(3), {
      KAFKA_BROKERS: infra.kafkaBrokers.join(','),
      REDIS_URL: infra.redisUrl,
      TEST_PG_SERVER_URL: infra.databaseUrlFor('postgres'),
    }),
  );
}

const commands = { test, faults, bench };
const command = commands[process.argv[2]];
if (!command) {
  console.error('usage: run-tests.mjs test|faults|bench');
  process.exit(2);
}
command().catch((error) => {
  console.error(error);
  if (command === test) log(`${narrowing().length ? `partial run (${narrowing().join(', ')}): ` : ''}0 passed, 1 failed`);
  process.exit(1);
});
