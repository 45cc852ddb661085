// Writes tests/reliability/RESULTS.md from the figures the fault, security and load tests recorded
// (.local/reliability/figures.jsonl, one JSON object a line: test, figure, value, unit, at).
// Every figure is listed, with its latest value. Optional: a jest --json report, for the pass/fail line.
//
//   node tests/reliability/report.mjs [jest.json]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measuredCommit } from '../../tools/commit.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '../..');
const FIGURES = join(ROOT, '.local/reliability/figures.jsonl');
const RESULTS = join(HERE, 'RESULTS.md');
/** The last scaled-out load run's figures (tests/reliability/load.mjs writes it; `npm test` does not run it). */
export const LOAD_RESULTS = join(HERE, 'load-results.json');

/** The latest value of every (test, figure), tests in the order they first appear. */
export function latestFigures(text) {
  const byKey = new Map();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue; // a line cut by a crash
    }
    if (typeof entry?.test !== 'string' || typeof entry?.figure !== 'string') continue;
    const key = `${entry.test}\u0000${entry.figure}`;
    const previous = byKey.get(key);
    if (!previous || String(entry.at) >= String(previous.at)) byKey.set(key, { ...entry, order: previous?.order ?? byKey.size });
  }
  const tests = [];
  for (const entry of [...byKey.values()].sort((a, b) => a.order - b.order)) {
    if (!tests.includes(entry.test)) tests.push(entry.test);
  }
  return tests.flatMap((test) => [...byKey.values()].filter((e) => e.test === test).sort((a, b) => a.order - b.order));
}

const cell = (value) =>
  String(value ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\n/g, ' ');
const number = (value) => (typeof value === 'number' ? value.toLocaleString('en-US', { maximumFractionDigits: 2 }) : cell(value));

export function renderResults(
  figures,
  { jest, now = new Date(), commit = measuredCommit(ROOT), partial = process.env.RESULTS_PARTIAL } = {},
) {
  const cpu = cpus();
  const lines = [
    '# Reliability results',
    '',
    `Written by \`npm test\` or \`npm run test:faults\` (tests/reliability/report.mjs) on ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    '',
    `Commit measured: ${commit}. Every figure below is from this run (the figures file is cleared when a run starts).`,
    '',
    ...(partial ? [`Partial run (${partial}): only the tests it ran recorded figures.`, ''] : []),
    `Machine: ${cpu.length} cores (${cpu[0]?.model?.trim() ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB memory, Node ${process.version}, ${process.platform}.`,
    'Shared with other work while measured: the times are of a busy machine, not a benchmark.',
    '',
  ];
  if (jest) {
    lines.push(
      `Tests: ${jest.numPassedTests} passed, ${jest.numFailedTests} failed` +
        `${jest.numPendingTests ? `, ${jest.numPendingTests} skipped` : ''}, in ${jest.numTotalTestSuites} files.`,
      '',
    );
    const files = (jest.testResults ?? []).map((r) => ({
      file: relative(ROOT, r.name ?? r.testFilePath ?? ''),
      status: r.status,
      seconds: r.endTime && r.startTime ? ((r.endTime - r.startTime) / 1000).toFixed(0) : '',
    }));
    if (files.length) {
      lines.push('| Test file | Result | Seconds |', '| --- | --- | ---: |');
      for (const f of files.sort((a, b) => a.file.localeCompare(b.file)))
        lines.push(`| ${cell(f.file)} | ${cell(f.status)} | ${f.seconds} |`);
      lines.push('');
    }
  }
  lines.push('## Figures', '');
  if (figures.length === 0) {
    lines.push('No figures were recorded (.local/reliability/figures.jsonl is empty or missing).', '');
  } else {
    lines.push('| Test | Figure | Value | Unit | Measured (UTC) |', '| --- | --- | ---: | --- | --- |');
    for (const f of figures) {
      lines.push(
        `| ${cell(f.test)} | ${cell(f.figure)} | ${number(f.value)} | ${cell(f.unit)} | ${cell(
          String(f.at ?? '')
            .slice(0, 16)
            .replace('T', ' '),
        )} |`,
      );
    }
    lines.push('');
  }
  const load = existsSync(LOAD_RESULTS) ? JSON.parse(readFileSync(LOAD_RESULTS, 'utf8')) : undefined;
  if (load && !figures.some((f) => f.test === load.test)) {
    lines.push(
      `## ${load.test} (the last \`npm run test:faults\`)`,
      '',
      `Not run by \`npm test\` (CI time): these figures are from ${cell(load.at.slice(0, 16).replace('T', ' '))} UTC, commit ${cell(load.commit)} (tests/reliability/load-results.json). ${cell(load.passed ? 'It passed.' : `It failed: ${load.problems.join(', ')}.`)}`,
      '',
      '| Figure | Value | Unit |',
      '| --- | ---: | --- |',
      ...load.figures.map((f) => `| ${cell(f.figure)} | ${number(f.value)} | ${cell(f.unit)} |`),
      '',
    );
  }
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const figures = existsSync(FIGURES) ? latestFigures(readFileSync(FIGURES, 'utf8')) : [];
  const jestFile = process.argv[2];
  const jest = jestFile && existsSync(jestFile) ? JSON.parse(readFileSync(jestFile, 'utf8')) : undefined;
  writeFileSync(RESULTS, renderResults(figures, { jest }));
  console.log(`› ${relative(process.cwd(), RESULTS)}: ${figures.length} figures`);
}
