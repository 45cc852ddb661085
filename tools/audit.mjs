// `npm audit --omit=dev`: no high or critical advisory in what the images install (run by `npm test`).
//
//   node tools/audit.mjs     # exits 1 on a high or critical advisory, 0 when clean or when no audit server answers
//
// .npmrc sets audit=false: that only stops `npm install` from auditing on every install (slow, and noisy about
// development tools); the explicit `npm audit` command below is not affected by it. When the registry in use does
// not serve npm's advisory endpoint (a mirror answers 404/405, or there is no network), the check cannot be made:
// it says so, with the reason, and is skipped rather than passed.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BLOCKING = ['critical', 'high'];

/** Reads `npm audit --json` output: { status: 'passed' | 'failed' | 'skipped', message }. */
export function readAudit(stdout) {
  let report;
  try {
    report = JSON.parse(stdout);
  } catch {
    return { status: 'skipped', message: `npm audit gave no report (${stdout.trim().split('\n')[0] || 'no output'})` };
  }
  if (!report.metadata) {
    // npm's own error report: the advisory endpoint refused the request or could not be reached.
    const reason = report.message ?? report.error?.summary ?? 'unknown error';
    return { status: 'skipped', message: `the registry's audit endpoint did not answer: ${reason}` };
  }
  const counts = report.metadata.vulnerabilities ?? {};
  const blocking = Object.entries(report.vulnerabilities ?? {})
    .filter(([, v]) => BLOCKING.includes(v.severity))
    .map(([name, v]) => `${name} (${v.severity}${v.range ? `, ${v.range}` : ''})`);
  const summary = Object.entries(counts)
    .filter(([severity, n]) => severity !== 'total' && n > 0)
    .map(([severity, n]) => `${n} ${severity}`)
    .join(', ');
  if (blocking.length)
    return { status: 'failed', message: `high or critical advisories in production dependencies: ${blocking.join('; ')}` };
  return { status: 'passed', message: `no high or critical advisory in production dependencies${summary ? ` (${summary})` : ''}` };
}

/** Runs the audit of the production dependencies of every workspace. */
export function auditProduction() {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['audit', '--omit=dev', '--json'], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  if (run.error) return { status: 'skipped', message: `npm audit could not run: ${run.error.message}` };
  return readAudit(run.stdout ?? '');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // --report FILE: judge a saved `npm audit --json` output instead of running it (tests/deploy/dependencies.test.ts).
  const { values: args } = parseArgs({ options: { report: { type: 'string' } } });
  const result = args.report ? readAudit(readFileSync(args.report, 'utf8')) : auditProduction();
  const mark = { passed: '✓', failed: '✗', skipped: '–' }[result.status];
  console.log(`${mark} npm audit --omit=dev: ${result.status === 'skipped' ? `skipped, ${result.message}` : result.message}`);
  process.exit(result.status === 'failed' ? 1 : 0);
}
