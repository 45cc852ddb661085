import { expect as baseExpect, test, type Page } from '@playwright/test';
import type { ClientServiceDetail, ClientServiceSummary, Page as ListPage } from '@backoffice/contracts';
import { adminToken, api, noSeriousAxeViolations, shot } from './fixtures';

// The shared test machine can be busy: give each expectation more time than the default.
const expect = baseExpect.configure({ timeout: 30_000 });

/*
 * A keyboard-only ServiceProvider (identity's demo sara.kim) opens one of their client services from the list and
 * changes its status through the details' labelled "Change status" button, at a desk and on a phone; the status is
 * checked through the API.
 */

const PROVIDER = { email: 'sara.kim@backoffice.local', password: 'Demo-pass-2026' };

/** Presses Tab until the element has focus (or, with `into`, something inside it), as a keyboard user does. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, { into = false, max = 80 } = {}) {
  const element = await target.elementHandle();
  for (let i = 0; i < max; i++) {
    const there = await page.evaluate(
      ([el, inside]) => el === document.activeElement || (inside && !!el?.contains(document.activeElement)),
      [element, into] as const,
    );
    if (there) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}

for (const width of [1280, 390]) {
  test(`keyboard only at ${width} px: a ServiceProvider opens a service and changes its status`, async ({ page, baseURL }) => {
    const token = await adminToken(baseURL!);
    const providers = await api<ListPage<{ id: string; email: string }>>(
      baseURL!,
      token,
      '/api/identity/users?role=ServiceProvider&pageSize=50',
    );
    const provider = providers.items.find((user) => user.email === PROVIDER.email);
    expect(provider, 'identity demo data has the sara.kim ServiceProvider').toBeDefined();
    const all = await api<ClientServiceSummary[]>(baseURL!, token, '/api/client-services');
    const target = all.find((cs) => cs.status === 'Created' && cs.providerId !== provider!.id);
    expect(target, 'the demo data has a client service still Created').toBeDefined();
    await api(baseURL!, token, `/api/ServiceSubmissions/assignProvider/${target!.id}/${provider!.id}`);

    await page.setViewportSize({ width, height: 844 });
    await page.goto('/auth/login?next=%2Fadmin%2Fclients-services');
    await page.getByLabel('Username').fill(PROVIDER.email);
    await page.getByLabel('Password').fill(PROVIDER.password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Client services', level: 1 })).toBeVisible();
    const row = page.locator(`[data-testid="client-service-row"][data-id="${target!.id}"]`);
    await expect(row).toBeVisible();

    if (width > 640) {
      // The grid is one Tab stop; ↓ moves through the rows to the service, Enter opens its details.
      await tabTo(page, page.getByRole('grid', { name: 'Client services' }), { into: true });
      for (let i = 0; i < 60 && !(await row.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
      await expect(row).toBeFocused();
    } else {
      // The cards: Tab reaches each card; Enter opens it.
      await tabTo(page, row);
    }
    await page.keyboard.press('Enter');
    const details = page.getByTestId('client-service-detail');
    await expect(details).toBeVisible();
    const change = details.getByRole('button', { name: 'Change status', exact: true });
    await expect(change).toBeVisible();
    // A ServiceProvider does not assign.
    await expect(details.getByRole('button', { name: /^Assign / })).toHaveCount(0);
    await noSeriousAxeViolations(page, `client service details (${width} px)`);
    await shot(page, `client-service-details-${width}`);
    await tabTo(page, change);
    await page.keyboard.press('Enter');

    const form = page.getByTestId('transaction-dialog');
    await expect(form).toBeVisible();
    const status = form.getByRole('combobox', { name: 'Status' });
    await tabTo(page, status);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('option', { name: 'Verified' })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(status).toHaveText('Verified');
    await tabTo(page, form.getByRole('textbox', { name: 'Note' }));
    await page.keyboard.type('Documents checked by phone.');
    await tabTo(page, form.getByRole('button', { name: 'Save', exact: true }));
    await page.keyboard.press('Enter');
    await expect(form).toBeHidden();

    const after = await api<ClientServiceDetail>(baseURL!, token, `/api/client-services/${target!.id}`);
    expect(after.status).toBe('Verified');
  });
}
