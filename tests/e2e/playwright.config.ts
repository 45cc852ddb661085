import { defineConfig } from '@playwright/test';

/** End-to-end tests in Debian's Chromium against the whole running stack (BASE_URL, set by npm test). */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  // Twice what the slowest default-timed test takes on a machine running at half its usual speed (seen in CI runs).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // A committed `test.only` is an error of the whole run (the runner counts it as a failure), never a smaller green run.
  forbidOnly: true,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'results/playwright.json' }]],
  outputDir: 'results/artifacts',
  use: {
    baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:18080',
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-dev-shm-usage',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
});
