// Runs the whole stack on this machine (npm start), every test (npm test) or the benchmarks (npm run bench).
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildConsole, buildServer, ROOT } from './build.mjs';
import { ensureInfra, stopInfra } from './infra.mjs';
import { databasesFor, devKeys, flushRedisDb, log, PROFILES, recreateDatabases, redisUrlWithDb, runTool, startStack } from './stack.mjs';

const LOCAL = join(ROOT, '.local');

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

/** Runs jest and Playwright, sums their counts and prints the one closing line. */
async function test() {
  const started = Date.now();
  const resultsDir = join(LOCAL, 'test-results', process.env.STACK_NAME ?? 'test');
  rmSync(resultsDir, { recursive: true, force: true });
  mkdirSync(resultsDir, { recursive: true });
  await buildServer(log);
  const keys = devKeys();
  const infra = await ensureInfra({ databases: [], log });
  await buildConsole(log);
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const only = process.env.TEST_ONLY; // jest | e2e, to run one part while developing

  if (!only) {
    log('\n› lint: eslint, prettier, tsc');
    const lint = await runTool('npm', ['run', 'lint', '--silent'], {});
    if (lint === 0) totals.passed += 1;
    else totals.failed += 1;
  }

  if (only !== 'e2e') {
    log('\n› unit and integration tests (jest)');
    const jestJson = join(resultsDir, 'jest.json');
    const code = await runTool(
      process.execPath,
      [
        '--experimental-vm-modules',
        '--disable-warning=TimeoutNegativeWarning',
        '--no-warnings',
        join(ROOT, 'node_modules/jest/bin/jest.js'),
        '--ci',
        '--json',
        `--outputFile=${jestJson}`,
        ...(process.env.JEST_ARGS ? process.env.JEST_ARGS.split(' ') : []),
      ],
      {
        TEST_PG_SERVER_URL: infra.databaseUrlFor('postgres'),
        REDIS_URL: redisUrlWithDb(infra.redisUrl, 2),
        KAFKA_BROKERS: infra.kafkaBrokers.join(','),
      },
    );
    if (existsSync(jestJson)) {
      const report = JSON.parse(readFileSync(jestJson, 'utf8'));
      totals.passed += report.numPassedTests;
      totals.failed += report.numFailedTests + report.numRuntimeErrorTestSuites;
      totals.skipped += report.numPendingTests + report.numTodoTests;
    } else if (code !== 0) {
      totals.failed += 1;
    }
  }

  if (only !== 'jest') {
    log('\n› end-to-end tests (Playwright, Chromium, the whole stack)');
    await recreateDatabases(infra, databasesFor('test'));
    await flushRedisDb(redisUrlWithDb(infra.redisUrl, PROFILES.test.redisDb));
    let stack;
    try {
      stack = await startStack('test', infra, keys);
      const e2eJson = join(resultsDir, 'playwright.json');
      const extra = process.env.PLAYWRIGHT_ARGS ? process.env.PLAYWRIGHT_ARGS.split(' ') : [];
      await runTool(join(ROOT, 'node_modules/.bin/playwright'), ['test', '-c', join(ROOT, 'tests/e2e/playwright.config.ts'), ...extra], {
        BASE_URL: stack.url,
        PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
        TEST_REDIS_URL: redisUrlWithDb(infra.redisUrl, PROFILES.test.redisDb),
        TEST_DATABASE_PREFIX: `backoffice_${process.env.STACK_NAME ?? 'test'}_`,
        TEST_PG_SERVER_URL: infra.databaseUrlFor('postgres'),
      });
      if (existsSync(e2eJson)) {
        const stats = JSON.parse(readFileSync(e2eJson, 'utf8')).stats;
        totals.passed += stats.expected + stats.flaky;
        totals.failed += stats.unexpected;
        totals.skipped += stats.skipped;
      } else {
        totals.failed += 1;
      }
    } catch (error) {
      console.error(error.message);
      totals.failed += 1;
    } finally {
      await stack?.stop();
    }
  }

  if (infra.started.length) await stopInfra({ log });
  log(`\n› tests took ${Math.round((Date.now() - started) / 1000)} s`);
  log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
  process.exit(totals.failed > 0 ? 1 : 0);
}

async function bench() {
  await buildServer(log);
  const infra = await ensureInfra({ databases: [], log });
  const code = await runTool(process.execPath, [join(ROOT, 'tests/bench/run.mjs')], {
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    REDIS_URL: infra.redisUrl,
    TEST_PG_SERVER_URL: infra.databaseUrlFor('postgres'),
  });
  process.exit(code);
}

const commands = { start, test, bench };
const command = commands[process.argv[2] ?? 'start'];
if (!command) {
  console.error(`usage: run.mjs start|test|bench`);
  process.exit(2);
}
command().catch((error) => {
  console.error(error);
  if (command === test) log('0 passed, 1 failed');
  process.exit(1);
});
