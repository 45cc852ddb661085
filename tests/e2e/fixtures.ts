import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';

export const ADMIN = {
  email: process.env.ADMIN_EMAIL ?? 'admin@backoffice.local',
  password: process.env.ADMIN_PASSWORD ?? 'ChangeMe!2026',
};

/** Signs in through the real login screen and waits for the landing page. */
export async function signIn(page: Page, username = ADMIN.email, password = ADMIN.password, next = ''): Promise<void> {
  await page.goto(`/auth/login${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

/** Signs out through the account menu in the top bar, as a user does, and waits for the login screen. */
export async function logout(page: Page): Promise<void> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Account: / })
    .click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
}

/** Saves a screenshot under tests/e2e/screenshots/ (ignored by git) to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = join(__dirname, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/**
 * Opens an area as a user does, from its link in the navigation (on a phone, behind the menu button), and waits until
 * its screen has settled: its link is the current one, its heading is shown and nothing on it is still loading.
 */
export async function openFromNav(page: Page, path: string, { drawer = false } = {}) {
  if (drawer) await page.getByTestId('nav-menu-button').click();
  const link = page.locator(`#console-nav a[href="${path}"]`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  if (drawer) await expect(page.locator('#console-nav')).toBeHidden();
  else await expect(link).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('#main-content h1').first()).toBeVisible({ timeout: 30_000 });
  // Figures, tables and charts settle before the checks: no spinner, skeleton or busy region left.
  await expect(page.locator('.fui-Spinner, .fui-Skeleton, [aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
}

/** A date as YYYY-MM-DD in the machine's time zone, as a date field shows it (today by default). */
export const localDay = (date = new Date()) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The page at desktop width and at a phone's (390 px), then back. */
export async function shots(page: Page, name: string): Promise<void> {
  await shot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A toast by its title (Fluent also mirrors toasts into an aria-live region, hence the class). */
export const toast = (page: Page, title: string) => page.locator('.fui-Toast').filter({ hasText: title }).first();

/** Calls the API as the signed-in page does not: with a fresh admin token, for test set-up. */
export function adminToken(baseURL: string): Promise<string> {
  return userToken(baseURL, ADMIN);
}

/** A user's access token, as the console gets it on sign-in (each from its own address, under the sign-in limits). */
export async function userToken(baseURL: string, user: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    body: JSON.stringify({ username: user.email, password: user.password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${user.email} failed: ${response.status}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** A connection to one service's database of the test stack (TEST_PG_SERVER_URL and TEST_DATABASE_PREFIX, npm test sets them). */
export async function serviceDatabase(service: string): Promise<Client> {
  if (!process.env.TEST_DATABASE_PREFIX || !process.env.TEST_PG_SERVER_URL) {
    throw new Error('needs the test stack’s database: TEST_DATABASE_PREFIX and TEST_PG_SERVER_URL (npm test sets them)');
  }
  const url = new URL(process.env.TEST_PG_SERVER_URL);
  url.pathname = `/${process.env.TEST_DATABASE_PREFIX}${service}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}

export async function api<T = unknown>(
  baseURL: string,
  token: string,
  path: string,
  init: { method?: string; json?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${baseURL}${path}`, {
    method: init.method ?? (init.json ? 'POST' : 'GET'),
    headers: { authorization: `Bearer ${token}`, ...(init.json ? { 'content-type': 'application/json' } : {}) },
    body: init.json ? JSON.stringify(init.json) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Waits until the page's animations and transitions that end (a dialog's entrance, a fade; not a spinner's endless
 * turn) have ended, at most 3 s: colours measured mid-fade are not the colours a user reads.
 */
export async function animationsSettled(page: Page) {
  await page.evaluate(async () => {
    // An animation starts on the next frame after what triggered it.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const ending = document
      .getAnimations()
      .filter((animation) => animation.playState !== 'finished' && Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
    await Promise.race([
      Promise.allSettled(ending.map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]);
  });
}

/**
 * axe on the page once its animations have ended (WCAG 2.0–2.2 A and AA): no serious or critical violation, each
 * named with where.
 */
export async function noSeriousAxeViolations(page: Page, where: string) {
  await animationsSettled(page);
  // Fluent's focus sentinels (tabster dummy inputs) are aria-hidden by design and move focus on at once.
  const results = await new AxeBuilder({ page })
    .exclude('[data-tabster-dummy]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.length}× e.g. ${v.nodes[0]?.target.join(' ')} ${v.nodes[0]?.html.slice(0, 160)} ${v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ').slice(0, 200)}`,
    );
  expect(serious, `${where}: axe`).toEqual([]);
}
