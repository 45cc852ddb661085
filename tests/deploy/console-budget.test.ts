/**
 * The sign-in page (/auth/login) loads only what signing in needs: tools/console-budget.mjs sums the gzip bytes of
 * what it downloads before its first paint (index.html's entry with its static imports, the sign-in screen's chunk
 * with its own) from the console build's manifest, against its budget, and fails on a modulepreload tag for any
 * other chunk. `npm test` builds the console before its tests; run alone, this test builds it when its sources
 * changed (deploy/local/build.mjs, hash-stamped: a no-op when the build is current).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT } from './deploy-model';

const BUDGET = join(ROOT, 'tools/console-budget.mjs');
const CONSOLE_BUILD_TIMEOUT_MS = 10 * 60_000;

interface BudgetReport {
  files: Array<{ file: string; gzipBytes: number }>;
  gzipBytes: number;
  budgetBytes: number;
  jsChunks: number;
  problems: string[];
}

function budget(dist: string, env: Record<string, string> = {}): { status: number | null; report: BudgetReport; stderr: string } {
  const run = spawnSync(process.execPath, [BUDGET, '--dist', dist, '--json'], { encoding: 'utf8', env: { ...process.env, ...env } });
  if (!run.stdout) throw new Error(`console-budget.mjs answered nothing (exit ${run.status}):\n${run.stderr}`);
  return { status: run.status, report: JSON.parse(run.stdout) as BudgetReport, stderr: run.stderr };
}

/** deploy/local/build.mjs's console build: a no-op when console/dist was built from the sources there now. */
function buildConsole(): void {
  // Without jest's NODE_ENV=test, with which Vite would build React's development code (and stamp it as current).
  const { NODE_ENV: _jest, ...env } = process.env;
  const build = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', 'const { buildConsole } = await import(process.env.BUILD_MJS); await buildConsole(() => {});'],
    { encoding: 'utf8', timeout: CONSOLE_BUILD_TIMEOUT_MS, env: { ...env, BUILD_MJS: join(ROOT, 'deploy/local/build.mjs') } },
  );
  if (build.status !== 0) throw new Error(`the console build failed (exit ${build.status}):\n${build.stderr}`);
}

describe("the sign-in page's first download (tools/console-budget.mjs)", () => {
  it(
    'the console build keeps it within its budget and preloads nothing else',
    () => {
      buildConsole();
      const { status, report, stderr } = budget(join(ROOT, 'console/dist'));
      expect({ problems: report.problems, stderr }).toEqual({ problems: [], stderr: '' });
      expect(status).toBe(0);
      expect(report.gzipBytes).toBeLessThanOrEqual(report.budgetBytes);
      // The entry, React's chunk and the sign-in screen's at least; not the console shell, nor any screen's.
      expect(report.files.map((f) => f.file)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^assets\/index-/), expect.stringMatching(/^assets\/react-vendor-/)]),
      );
      expect(report.files.filter((f) => /console-shell|console-providers|-screen-/.test(f.file) && !/login-screen/.test(f.file))).toEqual(
        [],
      );
    },
    CONSOLE_BUILD_TIMEOUT_MS + 30_000,
  );

  describe('the check is live', () => {
    let dist: string;
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(dist, path)), { recursive: true });
      writeFileSync(join(dist, path), text);
    };
    /** Text that gzip cannot shrink much: `bytes` characters of a fixed pseudo-random sequence. */
    const noise = (bytes: number, seed: number) => {
      let x = seed;
      return Array.from({ length: bytes }, () => String.fromCharCode(33 + ((x = (x * 1103515245 + 12345) % 2 ** 31) % 90))).join('');
    };
    beforeAll(() => {
      dist = mkdtempSync(join(tmpdir(), 'console-budget-'));
      write(
        '.vite/manifest.json',
        JSON.stringify({
          'index.html': {
            file: 'assets/index-a.js',
            src: 'index.html',
            isEntry: true,
            imports: ['_vendor-a.js'],
            dynamicImports: ['src/app/auth/login-screen.tsx', 'src/screen.tsx'],
          },
          '_vendor-a.js': { file: 'assets/vendor-a.js' },
          'src/app/auth/login-screen.tsx': {
            file: 'assets/login-screen-a.js',
            src: 'src/app/auth/login-screen.tsx',
            isDynamicEntry: true,
            imports: ['index.html', '_field-a.js'],
            dynamicImports: ['src/check.ts'],
          },
          '_field-a.js': { file: 'assets/field-a.js', imports: ['_vendor-a.js'], css: ['assets/field-a.css'] },
          'src/check.ts': { file: 'assets/check-a.js', src: 'src/check.ts', isDynamicEntry: true },
          'src/screen.tsx': { file: 'assets/screen-a.js', src: 'src/screen.tsx', isDynamicEntry: true, imports: ['index.html'] },
        }),
      );
      const files = ['index-a.js', 'vendor-a.js', 'login-screen-a.js', 'field-a.js', 'field-a.css', 'check-a.js', 'screen-a.js'];
      files.forEach((file, i) => write(`assets/${file}`, noise(2000, i + 1)));
      write('index.html', '<script type="module" src="/assets/index-a.js"></script><link rel="modulepreload" href="/assets/vendor-a.js">');
    });
    afterAll(() => rmSync(dist, { recursive: true, force: true }));

    it("counts the entry's and the sign-in screen's static imports (CSS too), once each, and no dynamic import", () => {
      const { status, report } = budget(dist);
      expect(status).toBe(0);
      expect(report.files.map((f) => f.file).sort()).toEqual(
        ['assets/field-a.css', 'assets/field-a.js', 'assets/index-a.js', 'assets/login-screen-a.js', 'assets/vendor-a.js'].sort(),
      );
      expect(report.gzipBytes).toBe(report.files.reduce((sum, f) => sum + f.gzipBytes, 0));
      expect(report.gzipBytes).toBeGreaterThan(5 * 1000);
      expect(report.gzipBytes).toBeLessThan(5 * 2100);
      expect(report.jsChunks).toBe(6);
    });

    it('fails over its budget, naming the size', () => {
      const { status, report } = budget(dist, { SIGN_IN_BUDGET_BYTES: '5000' });
      expect(status).toBe(1);
      expect(report.problems).toEqual([`the sign-in page's first download is ${report.gzipBytes} gzip bytes, over 5000`]);
    });

    it('fails on a modulepreload tag for a chunk the sign-in page does not load', () => {
      write(
        'index.html',
        '<script type="module" src="/assets/index-a.js"></script><link rel="modulepreload" href="/assets/vendor-a.js"><link rel="modulepreload" crossorigin href="/assets/screen-a.js">',
      );
      const { status, report } = budget(dist);
      expect(status).toBe(1);
      expect(report.problems).toEqual(['index.html preloads assets/screen-a.js, which the sign-in page does not load']);
    });
  });
});
