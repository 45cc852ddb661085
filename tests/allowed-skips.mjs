// The one list of tests that may be skipped. `npm test` prints it, and fails the run on any skipped, todo or
// fixme test (jest, Vitest or Playwright) that is not declared here with its reason. The lint rule against
// `.skip`/`.fixme`/`.todo` (eslint.config.mjs) lets them through only in a file named here.
// Each entry: { runner: 'jest' | 'vitest' | 'playwright', file: path from the repository root, title: the
// test's full title (describe blocks and test name joined by a space), reason: why it may not run }.
// Keep it empty: a skipped test proves nothing.
export const ALLOWED_SKIPS = [];
