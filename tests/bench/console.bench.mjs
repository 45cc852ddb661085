// Console: production bundle sizes (gzip) and, in Chromium, time from sign-in to an interactive dashboard.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { percentile, row } from './lib.mjs';

export const name = 'console';
const KB = 1024;

function bundle(root) {
  const dist = join(root, 'console/dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const assets = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const gz = (file) => gzipSync(readFileSync(join(dist, file))).length;
  const initialGz = initial.reduce((sum, f) => sum + gz(f), 0);
  const chunks = assets.map((f) => ({ file: f, gz: gz(join('assets', f)), raw: statSync(join(dist, 'assets', f)).size }));
  const initialText = initial.map((f) => readFileSync(join(dist, f), 'utf8')).join('\n');
  return { initialGz, chunks, initialText };
}

export async function run({ stack, root, credentials }) {
  const rows = [];
  const { initialGz, chunks, initialText } = bundle(root);
  rows.push(row(name, 'initial JavaScript (gzip)', initialGz / KB, 'kB', { goal: '≤ 200 kB', met: initialGz <= 200 * KB }));
  const editor = chunks.filter((c) => /ckeditor|editor/i.test(c.file)).sort((a, b) => b.gz - a.gz)[0];
  if (editor)
    rows.push(row(name, `editor chunk ${editor.file} (gzip)`, editor.gz / KB, 'kB', { goal: '≤ 250 kB', met: editor.gz <= 250 * KB }));
  rows.push(
    row(name, 'CKEditor/Leaflet kept out of the initial chunk', /ClassicEditor|L\.tileLayer|leaflet/i.test(initialText) ? 0 : 1, 'bool', {
      goal: '1',
      met: !/ClassicEditor|leaflet/i.test(initialText),
    }),
  );
  const largest = [...chunks].sort((a, b) => b.gz - a.gz).slice(0, 3);
  for (const c of largest) rows.push(row(name, `chunk ${c.file} (gzip)`, c.gz / KB, 'kB'));

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const times = [];
    for (let i = 0; i < 5; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${stack.url}/auth/login`);
      await page.getByLabel('Username').fill(credentials.email);
      await page.getByLabel('Password').fill(credentials.password);
      const started = Date.now();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByTestId('tile-services').waitFor();
      times.push(Date.now() - started);
      await context.close();
    }
    rows.push(
      row(name, 'sign-in → dashboard interactive (median of 5)', percentile(times, 50), 'ms', {
        goal: '≤ 1000 ms',
        met: percentile(times, 50) <= 1000,
      }),
    );
  } finally {
    await browser.close();
  }
  return rows;
}
