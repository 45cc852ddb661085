import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Fault tests record their figures here; tests/reliability/report.mjs turns them into RESULTS.md. */
export function recordFigure(test: string, figure: string, value: number, unit: string): void {
  const dir = join(__dirname, '../../.local/reliability');
  mkdirSync(dir, { recursive: true });
  appendFileSync(join(dir, 'figures.jsonl'), `${JSON.stringify({ test, figure, value, unit, at: new Date().toISOString() })}\n`);
}
