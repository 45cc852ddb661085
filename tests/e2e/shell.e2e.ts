import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ADMIN, shot, signIn } from './fixtures';

const TILES = [
  'services',
  'services-files',
  'leads',
  'crm-leads',
  'crm',
  'clients-services',
  'clients-orders',
  'site-reviews',
  'clients',
  'branches',
  'countries',
  'reports',
  'web',
  'users',
];

test('a wrong password shows a clear error and keeps the user on the login screen', async ({ page }) => {
  await page.goto('/auth/login');
  await shot(page, 'login');
  await page.getByLabel('Username').fill(ADMIN.email);
  await page.getByLabel('Password').fill('not-the-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The username or password is incorrect.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('sign in, see every dashboard tile, open the profile, log out', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/admin$/);
  for (const tile of TILES) await expect(page.getByTestId(`tile-${tile}`)).toBeVisible();
  await shot(page, 'dashboard');
  // Visible text is part of every control's accessible name (WCAG 2.5.3): the tiles and the account button, at a
  // desk and on a phone. axe counts this rule as experimental, so it is named to run.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    const mismatches = await new AxeBuilder({ page }).exclude('[data-tabster-dummy]').withRules(['label-content-name-mismatch']).analyze();
    expect(
      mismatches.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' '))),
      `label-content-name-mismatch at ${width} px`,
    ).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Web pages', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Reports' })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Account: Administrator' }).click();
  await page.getByRole('menuitem', { name: 'Your profile' }).click();
  await expect(page).toHaveURL(/\/auth\/profile/);
  await expect(page.getByText(ADMIN.email).first()).toBeVisible();
  await shot(page, 'profile');

  await page.getByRole('banner').getByRole('button', { name: 'Account: Administrator' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('a reload keeps the session (refresh cookie) and deep links survive sign-in', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password, '/admin/reports');
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await page.reload();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByRole('main').getByRole('link', { name: 'Payments' })).toBeVisible();
});

test('the first download is small: the scripts index.html loads weigh at most 200 kB gzipped, without the editor or the map', async ({
  request,
}) => {
  // The same measure as the bench (tests/bench/console.bench.mjs): every script and modulepreload of index.html.
  const html = await (await request.get('/auth/login')).text();
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  expect(scripts.length).toBeGreaterThan(0);
  let gzipped = 0;
  for (const script of scripts) {
    const response = await request.get(script);
    expect(response.ok()).toBe(true);
    const body = await response.body();
    gzipped += gzipSync(body).length;
    expect(body.toString('utf8')).not.toMatch(/ClassicEditor|leaflet/i);
  }
  expect(gzipped / 1024).toBeLessThanOrEqual(200);
});
