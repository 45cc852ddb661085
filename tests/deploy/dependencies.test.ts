/**
 * Each image installs one workspace alone (`npm install --omit=dev --workspace …`): the workspace must declare
 * every package its running code imports (else it resolves only because npm hoisted it for another workspace)
 * and nothing it does not use. tools/check-dependencies.mjs checks it (in `npm run lint`); the production
 * dependencies carry no high or critical advisory (tools/audit.mjs, in `npm test`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT } from './deploy-model';

const CHECK = join(ROOT, 'tools/check-dependencies.mjs');
const AUDIT = join(ROOT, 'tools/audit.mjs');

type Problem = { where: string; name: string; section: string | null; message: string };
function problemsOf(root: string): Problem[] {
  const run = spawnSync(process.execPath, [CHECK, '--json', '--root', root], { encoding: 'utf8' });
  return JSON.parse(run.stdout) as Problem[];
}

describe('package.json declarations', () => {
  it('every workspace and the root declare exactly what their code imports', () => {
    expect(problemsOf(ROOT).map((p) => p.message)).toEqual([]);
  });

  describe('the check is live', () => {
    let dir: string;
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'deps-'));
      write('package.json', JSON.stringify({ name: 'root', workspaces: ['services/*'], devDependencies: { jest: '1' } }));
      write(
        'services/a/package.json',
        JSON.stringify({ name: '@x/a', dependencies: { 'used-pkg': '1', 'unused-pkg': '1' }, devDependencies: { 'dev-only': '1' } }),
      );
      write(
        'services/a/src/main.ts',
        [
          "import { readFileSync } from 'node:fs';",
          "import { used } from 'used-pkg/sub/path';",
          "import { hoisted } from 'hoisted-pkg';",
          "import type { Shape } from 'types-pkg';",
          "import { dev } from 'dev-only';",
          "const lazy = () => import('@scope/lazy');",
          'export { readFileSync, used, hoisted, dev, lazy };',
          'export type { Shape };',
        ].join('\n'),
      );
      write('services/a/test/a.test.ts', "import 'jest';\nimport 'test-helper';\n");
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('names an undeclared import, a run-time import of a devDependency, an unused declaration and an undeclared test helper', () => {
      const messages = problemsOf(dir).map((p) => p.message);
      expect(messages).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            /^services\/a\/package\.json: hoisted-pkg is imported \(services\/a\/src\/main\.ts\) but not in dependencies$/,
          ),
          expect.stringMatching(/types-pkg is imported .* but not in dependencies/),
          expect.stringMatching(/dev-only is imported .* but not in dependencies \(only a devDependency: an image would lack it\)/),
          expect.stringMatching(/@scope\/lazy is imported .* but not in dependencies/),
          'services/a/package.json: declares unused-pkg, which nothing in it imports or names',
          expect.stringMatching(/test-helper is imported \(services\/a\/test\/a\.test\.ts\) but not in devDependencies/),
        ]),
      );
      // Built-ins, a declared package reached by a subpath, and the root's toolchain in a test are fine.
      expect(messages.join('\n')).not.toMatch(/node:fs|used-pkg is imported| jest /);
    });
  });
});

describe('npm audit --omit=dev', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'audit-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const judge = (report: unknown) => {
    writeFileSync(join(dir, 'report.json'), JSON.stringify(report));
    const run = spawnSync(process.execPath, [AUDIT, '--report', join(dir, 'report.json')], { encoding: 'utf8' });
    return { code: run.status, output: run.stdout.trim() };
  };
  const report = (vulnerabilities: Record<string, { severity: string; range?: string }>) => ({
    vulnerabilities,
    metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 } },
  });

  it('fails on a high or critical advisory, naming the package', () => {
    const result = judge(report({ axios: { severity: 'high', range: '1.0.0 - 1.11.0' } }));
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/axios \(high, 1\.0\.0 - 1\.11\.0\)/);
  });

  it('passes with only low or moderate ones', () => {
    expect(judge(report({ 'some-lib': { severity: 'moderate' } })).code).toBe(0);
  });

  it('is skipped, saying why, when the registry serves no audit endpoint', () => {
    const result = judge({ message: '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk' });
    expect(result.code).toBe(0);
    expect(result.output).toMatch(/skipped, the registry's audit endpoint did not answer: 405 Method Not Allowed/);
  });

  it('the lockfile resolves authorizenet to an axios without GHSA-4hjh-wcwx-xvwj (fixed in 1.12.0)', () => {
    const version = execFileSync('npm', ['ls', 'axios', '--json', '--omit=dev'], { cwd: ROOT, encoding: 'utf8' });
    const axios = (
      JSON.parse(version) as {
        dependencies: Record<string, { dependencies?: Record<string, { dependencies?: Record<string, { version: string }> }> }>;
      }
    ).dependencies['@backoffice/payments']?.dependencies?.authorizenet?.dependencies?.axios?.version;
    const [major, minor] = (axios ?? '0.0').split('.').map(Number);
    expect(major! > 1 || (major === 1 && minor! >= 12)).toBe(true);
  });
});
