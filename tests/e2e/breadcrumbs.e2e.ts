import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminToken, api, shot, signIn } from './fixtures';

/*
 * Breadcrumbs of the nested screens (a category in its parents, a selected region in its country,
 * a receipt in its list): every level above the page a link, the page itself last and not a link,
 * the middle levels folded into a "…" menu on a phone, and nothing wider than the phone.
 */

const run = Date.now().toString(36).slice(-5);

async function expectTrail(crumbs: Locator, links: string[], current: string) {
  await expect(crumbs.getByRole('link')).toHaveText(links);
  const last = crumbs.locator('[aria-current="page"]');
  await expect(last).toHaveText(current);
  await expect(crumbs.locator('a[aria-current]')).toHaveCount(0);
  await expect(crumbs.locator('li').last()).toContainText(current);
}

async function noHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('a category four levels deep: its path as links, the category last; on a phone the middle folds into a menu', async ({
  page,
  baseURL,
}) => {
  const token = await adminToken(baseURL!);
  const names = [`Immigration and residency documents ${run}`, `Work permits ${run}`, `Seasonal programmes ${run}`, `Farm workers ${run}`];
  const ids: number[] = [];
  for (const name of names) {
    const created = await api<{ id: number }>(baseURL!, token, '/api/categories', {
      json: { parentId: ids.at(-1) ?? null, name, description: 'Breadcrumb test' },
    });
    ids.push(created.id);
  }
  await signIn(page);
  await page.goto(`/admin/services/${ids[3]}`);
  const crumbs = page.getByRole('navigation', { name: 'Category path' });
  await expectTrail(crumbs, ['Services', ...names.slice(0, 3)], names[3]);
  await shot(page, 'breadcrumbs-category-desktop');
  await crumbs.getByRole('link', { name: names[1] }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/services/${ids[1]}$`));
  await expectTrail(crumbs, ['Services', names[0]], names[1]);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/admin/services/${ids[3]}$`));

  await page.setViewportSize({ width: 390, height: 844 });
  await expectTrail(crumbs, ['Services', names[2]], names[3]);
  await noHorizontalScroll(page);
  await shot(page, 'breadcrumbs-category-phone');
  await crumbs.getByTestId('breadcrumb-more').click();
  await expect(page.getByRole('menuitem')).toHaveText([names[0], names[1]]);
  await page.getByRole('menuitem', { name: names[0] }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/services/${ids[0]}$`));
  await expectTrail(crumbs, ['Services'], names[0]);
});

test('geography: the selection as a breadcrumb from the country down to the borough, each level a link', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/countries');
  for (const [level, name] of [
    ['country', 'United States'],
    ['state', 'California'],
    ['city', 'Los Angeles'],
    ['borough', 'Downtown'],
  ]) {
    await page
      .getByTestId(`column-${level}`)
      .getByRole('button', { name: `Select ${name}`, exact: true })
      .click();
  }
  const crumbs = page.getByRole('navigation', { name: 'Selected region' });
  await expectTrail(crumbs, ['Countries', 'United States', 'California', 'Los Angeles'], 'Downtown');
  await crumbs.getByRole('link', { name: 'California' }).click();
  await expect(page).toHaveURL(/\/admin\/countries\?country=\d+&state=\d+$/);
  await expectTrail(crumbs, ['Countries', 'United States'], 'California');
  await expect(page.getByTestId('column-borough').getByText('Select a city to see its boroughs.')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('column-city').getByRole('button', { name: 'Select Los Angeles', exact: true }).click();
  await expectTrail(crumbs, ['Countries', 'California'], 'Los Angeles');
  await noHorizontalScroll(page);
  await shot(page, 'breadcrumbs-geography-phone');
});

test('a receipt sits under client orders: the list a link, the order last', async ({ page, baseURL }) => {
  const token = await adminToken(baseURL!);
  const orders = await api<{ items: { id: string }[] }>(baseURL!, token, '/api/orders?page=1&pageSize=1');
  const order = orders.items[0];
  // The invoice number is the first dash-separated segment of the order id.
  const invoice = order.id.split('-')[0];
  await signIn(page);
  await page.goto(`/admin/clients-orders/order/${order.id}`);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expectTrail(crumbs, ['Client orders'], `Order ${invoice}`);
  await crumbs.getByRole('link', { name: 'Client orders' }).click();
  await expect(page).toHaveURL(/\/admin\/clients-orders$/);
});
