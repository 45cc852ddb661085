// Reads the JSON reports of jest, Vitest and Playwright into counts, trusting neither a report alone nor an exit
// code alone: an error outside any test (a spec that fails to import, a worker that crashes, `test.only` with
// forbidOnly), a non-zero exit with no failed test, and a skipped test not declared in tests/allowed-skips.mjs
// all count as failures, each with a line saying why.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const SKIPPED = new Set(['pending', 'skipped', 'todo', 'disabled']);

/** Counts from a jest (or Vitest, same shape) JSON report and the tool's exit code. */
export function jestCounts(tool, jsonFile, code, root) {
  const problems = [];
  if (!existsSync(jsonFile)) {
    problems.push(`${tool} wrote no report (exit code ${code})`);
    return { passed: 0, failed: 1, skipped: 0, skippedTests: [], problems };
  }
  const report = JSON.parse(readFileSync(jsonFile, 'utf8'));
  let failed = report.numFailedTests ?? 0;
  const skippedTests = [];
  // Each failed test by name, printed above the closing line, so that a run's last lines say what failed.
  const failedTests = [];
  for (const suite of report.testResults ?? []) {
    const file = relative(root, suite.name ?? suite.testFilePath ?? '');
    const assertions = suite.assertionResults ?? [];
    // A suite that failed outside its tests: it did not load, a hook threw, or it has no test at all.
    const failedAssertions = assertions.filter((a) => a.status === 'failed').length;
    if ((suite.status === 'failed' || suite.message || suite.failureMessage || suite.testExecError) && failedAssertions === 0) {
      failed += 1;
      problems.push(
        `${tool}: ${file} failed outside any test: ${firstLine(suite.message || suite.failureMessage || suite.testExecError?.message)}`,
      );
    }
    for (const a of assertions) {
      if (a.status === 'failed') failedTests.push(`[${tool}] ${file} › ${a.fullName ?? a.title}: ${firstLine(a.failureMessages?.[0])}`);
      if (SKIPPED.has(a.status))
        skippedTests.push({ runner: tool, file, title: a.fullName ?? [...(a.ancestorTitles ?? []), a.title].join(' ') });
    }
  }
  if (code !== 0 && failed === 0) {
    failed += 1;
    problems.push(`${tool} exited with code ${code} although no test failed`);
  }
  if (report.success === false && failed === 0) {
    failed += 1;
    problems.push(`${tool} reports an unsuccessful run although no test failed`);
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed,
    skipped: skippedTests.length,
    skippedTests,
    problems: [...failedTests, ...problems],
  };
}

/** Counts from Playwright's JSON report: its stats, its top-level errors and its exit code. */
export function playwrightCounts(jsonFile, code, root, testDir) {
  const problems = [];
  if (!existsSync(jsonFile)) {
    problems.push(`Playwright wrote no report (exit code ${code})`);
    return { passed: 0, failed: 1, skipped: 0, skippedTests: [], problems };
  }
  const report = JSON.parse(readFileSync(jsonFile, 'utf8'));
  const stats = report.stats ?? { expected: 0, flaky: 0, unexpected: 0 };
  let failed = stats.unexpected ?? 0;
  for (const error of report.errors ?? []) {
    failed += 1;
    problems.push(`Playwright: error outside any test: ${firstLine(error.message ?? error.value)}`);
  }
  const skippedTests = [];
  const failedTests = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const file = relative(root, `${testDir}/${spec.file ?? suite.file}`);
        if (t.status === 'unexpected') {
          const error = t.results?.at(-1)?.error?.message;
          failedTests.push(`[playwright] ${file} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`);
        }
        if (t.status === 'skipped') {
          skippedTests.push({ runner: 'playwright', file, title: [...titles, spec.title].join(' ') });
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const fileSuite of report.suites ?? []) walk(fileSuite, []);
  if (code !== 0 && failed === 0) {
    failed += 1;
    problems.push(`Playwright exited with code ${code} although no test failed`);
  }
  const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
  return { passed, failed, skipped: skippedTests.length, skippedTests, problems: [...failedTests, ...problems] };
}

/** Skipped tests not declared (runner, file, title) in the allowed list: one failure each. */
export function undeclaredSkips(skippedTests, allowed) {
  return skippedTests.filter(
    (s) => !allowed.some((a) => a.runner === s.runner && a.file === s.file && a.title === s.title && a.reason?.trim()),
  );
}

function firstLine(text) {
  // Without a reporter's colour codes.
  const lines = stripVTControlCharacters(String(text ?? 'no message'))
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  // An equality's diff: its first received line says what was there (an axe rule, a status), not only that it differed.
  const received = lines.slice(3).find((line) => /^\+\s/.test(line) && !line.includes('Received'));
  return [...lines.slice(0, 3), ...(received ? [received] : [])].join(' / ').slice(0, 600);
}
