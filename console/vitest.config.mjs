import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Component and hook tests of the console: jsdom, files named *.test.ts(x) under src. */
export default defineConfig({
  root: here,
  resolve: { alias: { '@backoffice/contracts': path.resolve(here, '../libs/contracts/src/index.ts') } },
  esbuild: { jsx: 'automatic' },
  test: { environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'] },
});
