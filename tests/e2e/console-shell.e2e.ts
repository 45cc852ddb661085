import { expect, test, type Page } from '@playwright/test';
import { ADMIN, adminToken, api, noSeriousAxeViolations, openFromNav, shot, signIn } from './fixtures';

/*
 * The console shell for every role at a desktop (1280×800) and a phone (390×844): the landing route,
 * the navigation listing exactly the permitted areas, every one of them opening without horizontal
 * page scroll, and axe finding no serious or critical violation — light theme on the desktop, dark
 * on the phone, so both sizes and both themes are covered in one pass per role.
 */

const DEMO_PASSWORD = 'Demo-pass-2026';
const BACK_OFFICE = [
  '/admin',
  '/admin/leads',
  '/admin/user-leads',
  '/admin/clients-orders',
  '/admin/clients-services',
  '/admin/payments',
  '/admin/services',
  '/admin/services-files',
  '/admin/web',
  '/admin/site-reviews',
  '/admin/countries',
  '/admin/branches',
  '/admin/reports',
  '/admin/salesagent-report',
  '/admin/clients',
];

interface RoleCase {
  role: string;
  email: string;
  password: string;
  landing: RegExp;
  nav: string[];
  /** A route of another role: answered with the Forbidden page inside the shell. */
  denied?: string;
  /** A path no screen answers inside the role's own area (an agent has none under /admin: that is No access). */
  unknown?: string;
}

const ROLES: RoleCase[] = [
  {
    role: 'Admin',
    email: ADMIN.email,
    password: ADMIN.password,
    landing: /\/admin$/,
    nav: [...BACK_OFFICE, '/crm', '/crm/leads', '/admin/users', '/admin/webhooks', '/admin/api-clients', '/admin/activity'],
  },
  {
    role: 'Manager',
    email: 'maya.thompson@backoffice.local',
    password: DEMO_PASSWORD,
    landing: /\/admin$/,
    // The team view of the sales pipeline (every agent's leads) is a Manager's too.
    nav: [...BACK_OFFICE, '/crm/leads'],
    denied: '/admin/users',
  },
  {
    role: 'ServiceProvider',
    email: 'daniel.reyes@backoffice.local',
    password: DEMO_PASSWORD,
    landing: /\/admin\/clients-services$/,
    nav: ['/admin', '/admin/clients-services'],
    denied: '/admin/clients-orders',
  },
  {
    role: 'Salesagent',
    email: 'omar.haddad@backoffice.local',
    password: DEMO_PASSWORD,
    landing: /\/crm$/,
    nav: ['/crm', '/crm/leads'],
    denied: '/admin',
    unknown: '/crm/no-such-screen',
  },
];

async function noHorizontalScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${where}: page ${scrollWidth}px wide in a ${innerWidth}px window`).toBeLessThanOrEqual(innerWidth);
}

async function navPaths(page: Page): Promise<string[]> {
  const links = page.locator('#console-nav a[href]');
  await expect(links.first()).toBeVisible({ timeout: 30_000 });
  const hrefs = await links.evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return hrefs.sort();
}

/**
 * Admin sees every back-office screen; another role that sees one of them sees the same screen, already checked by
 * axe as Admin at the same size and theme, so axe runs again only on what is its own.
 */
const axeCheckedAsAdmin = (role: string, path: string) => role !== 'Admin' && BACK_OFFICE.includes(path);

const slug = (path: string) => path.replace(/^\//, '').replace(/\//g, '-') || 'root';

for (const item of ROLES) {
  test(`${item.role} at 1280×800, light: lands on its work, the navigation lists exactly its areas, each opens without overflow or axe violations`, async ({
    page,
  }) => {
    test.setTimeout(420_000);
    await page.emulateMedia({ colorScheme: 'light' });
    await signIn(page, item.email, item.password);
    await expect(page).toHaveURL(item.landing);
    expect(await navPaths(page)).toEqual([...item.nav].sort());
    for (const path of item.nav) {
      await openFromNav(page, path);
      await expect(page.locator('#console-nav a[aria-current="page"]')).toHaveCount(1);
      await noHorizontalScroll(page, path);
      if (!axeCheckedAsAdmin(item.role, path)) await noSeriousAxeViolations(page, `${item.role} ${path} light`);
      await shot(page, `shell-${item.role}-desktop-light-${slug(path)}`);
    }
    if (item.denied) {
      await page.goto(item.denied);
      await expect(page.getByTestId('forbidden').or(page.getByText('No access')).first()).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.locator('#console-nav')).toBeVisible();
    }
    await page.goto(item.unknown ?? '/admin/no-such-screen');
    await expect(page.getByText('Page not found')).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
  });

  test(`${item.role} at 390×844, dark: the menu button opens the navigation, every area fits the phone, axe passes, Logout is reachable`, async ({
    page,
  }) => {
    test.setTimeout(420_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page, item.email, item.password);
    await expect(page).toHaveURL(item.landing);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await noHorizontalScroll(page, 'landing');

    // The drawer is an overlay behind the menu button; choosing an area closes it.
    await expect(page.locator('#console-nav')).toBeHidden();
    await page.getByTestId('nav-menu-button').click();
    const last = item.nav[item.nav.length - 1];
    await page.locator(`#console-nav a[href$="${last}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${last}$`));
    await expect(page.locator('#console-nav')).toBeHidden();

    for (const path of item.nav) {
      await openFromNav(page, path, { drawer: true });
      await noHorizontalScroll(page, path);
      if (!axeCheckedAsAdmin(item.role, path)) await noSeriousAxeViolations(page, `${item.role} ${path} dark`);
      await shot(page, `shell-${item.role}-phone-dark-${slug(path)}`);
    }

    await page.getByTestId('nav-profile-menu').click();
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByTestId('nav-profile-menu').click();
    await page.getByTestId('nav-logout').click();
    await expect(page).toHaveURL(/\/auth\/login/);
  });
}

test('dashboard figures are the counts of the lists behind them', async ({ page, baseURL }) => {
  const token = await adminToken(baseURL!);
  const unpaid = await api<{ total: number }>(baseURL!, token, '/api/orders?status=Pending&page=1&pageSize=1');
  const services = await api<{ status: string; providerId: string | null }[]>(baseURL!, token, '/api/client-services');
  const crm = await api<{ recordsFiltered: number }>(baseURL!, token, '/api/leads/assignable?unassigned=true&draw=1&start=0&length=1');
  await signIn(page);
  await expect(page.getByTestId('figure-unpaid-orders')).toHaveText(String(unpaid.total));
  await expect(page.getByTestId('figure-services-created')).toHaveText(String(services.filter((s) => s.status === 'Created').length));
  const waiting = services.filter((s) => !s.providerId && s.status !== 'Completed' && s.status !== 'Cancelled').length;
  await expect(page.getByTestId('figure-waiting-assignment')).toHaveText(String(waiting));
  await expect(page.getByTestId('figure-unassigned-leads')).toHaveText(String(crm.recordsFiltered));
  await expect(page.getByRole('heading', { name: 'Revenue, last 30 days' })).toBeVisible();
  await expect(page.locator('svg').first()).toBeVisible();
  await shot(page, 'shell-dashboard-figures');
  await page.getByTestId('figure-unpaid-orders').click();
  await expect(page).toHaveURL(/\/admin\/clients-orders\?status=Pending$/);
  // Focus moves to the new page's heading after navigation.
  await expect(page.locator('#main-content h1').first()).toBeFocused();
});

test('the dashboard does not move while it loads: figures and charts hold their places (layout shift under 0.1)', async ({ page }) => {
  await page.setViewportSize({ width: 1350, height: 940 });
  await signIn(page);
  await expect(page.getByTestId('tile-services')).toBeVisible();
  // Summed as Lighthouse's CLS does for one load: every shift not caused by input.
  await page.addInitScript(() => {
    const shifts: number[] = ((window as unknown as { __shifts: number[] }).__shifts = []);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/admin');
  await expect(page.getByTestId('figure-unpaid-orders')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Client services by status' })).toBeVisible();
  await expect(page.getByTestId('figure-placeholder')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  const cls = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0));
  expect(cls).toBeLessThan(0.1);
});
