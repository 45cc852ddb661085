import { expect as baseExpect, test, type Page } from '@playwright/test';
import { adminToken, api, shot, signIn } from './fixtures';
import { batchTotals, periodTotals } from '../../libs/contracts/src/settlement-totals';
import type { SettledBatch } from '../../libs/contracts/src/payments';
import { batchOfDay, dayNumber, transactionsOf } from '../../services/payments/src/simulator/simulator-data';

// The shared test machine can be busy (a screen's code loads slowly): give expectations and tests more time than the defaults.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

// The stack's payments service talks to its Authorize.Net simulator (deterministic batches per day).
const DAY = 86_400_000;
const usd = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
const pad = (n: number) => String(n).padStart(2, '0');
/** A calendar date N days before today in the browser's (and this process's) local time, as MM/DD/YYYY. */
function typed(daysAgo: number): string {
  const d = new Date();
  d.setDate(d.getDate() - daysAgo);
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
}

/** The theme's green foreground (rgb(14, 112, 14) in the light theme): green well above red and blue. */
function isGreen(color: string): boolean {
  const [r, g, b] = (color.match(/\d+/g) ?? []).map(Number);
  return g! > 80 && g! > 3 * r! && g! > 3 * b!;
}

async function pickRange(page: Page, fromDaysAgo: number, toDaysAgo: number) {
  const from = page.getByRole('combobox', { name: 'From' });
  await from.fill(typed(fromDaysAgo));
  await from.press('Tab');
  const to = page.getByRole('combobox', { name: 'To' });
  await to.fill(typed(toDaysAgo));
  await to.press('Tab');
}

test('pick a range, get batches, open one and see its transactions reconciled, settledSuccessfully in green', async ({ page, baseURL }) => {
  // A settled charge of a batch a few days back gets an order payment with its amount: it shows as matched.
  const today = dayNumber(Date.now());
  let day = today - 3;
  while (!batchOfDay(day)) day--;
  const batch = batchOfDay(day)!;
  const charge = transactionsOf(batch).find((t) => t.transactionStatus === 'settledSuccessfully')!;
  const orderId = `${charge.invoiceNumber}-0000-4000-8000-${String(Date.now()).slice(-12)}`;
  const token = await adminToken(baseURL!);
  // Payments are recorded only for orders that exist: place one whose id carries the charge's invoice number.
  let services: { id: string; active: boolean; price: number }[] = [];
  await expect
    .poll(async () => {
      services = (await api<typeof services>(baseURL!, token, '/api/orders/read-models/catalogue')).filter((s) => s.active && s.price > 0);
      return services.length;
    })
    .toBeGreaterThan(0);
  await api(baseURL!, token, '/api/orders', {
    json: {
      id: orderId,
      name: 'Settlement Check',
      contactInfo: '+1 212 555 0100',
      email: 'settlement@example.com',
      address: '1 Main St',
      zipCode: '10001',
      city: 'New York City',
      state: 'NY',
      country: 'US',
      // Enough of it for the order to cover the charge: a payment above the order's balance is refused.
      items: [{ itemId: services[0]!.id, quantity: Math.max(1, Math.ceil(charge.settleAmount / services[0]!.price)) }],
    },
  });
  await api(baseURL!, token, '/api/payments', {
    json: {
      orderId,
      amount: charge.settleAmount,
      merchant: 'Authorize.Net',
      transaction: { status: 'Settled', amount: charge.settleAmount, reference: charge.transId },
    },
  });

  await signIn(page);
  await page.goto('/admin/reports');
  await page.getByTestId('report-payments').click();
  await expect(page).toHaveURL(/\/admin\/payments$/);
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await shot(page, 'payments');
  await page.getByRole('link', { name: 'Card payments' }).click();
  await expect(page).toHaveURL(/\/admin\/payments\/auth-net$/);
  await expect(page.getByRole('heading', { name: 'Card settlement' })).toBeVisible();
  // The stack reads the simulator: the screen says so before anything is loaded, and on every panel below.
  const simulated = page.getByTestId('simulated-data');
  await expect(simulated.first()).toHaveText('Simulated data');
  const config = await (await page.request.get('/api/config')).json();
  expect(config.settlement).toEqual({ mode: 'simulated' });

  const daysAgo = Math.round((Date.now() - day * DAY) / DAY);
  await pickRange(page, daysAgo + 6, Math.max(daysAgo - 1, 1));
  const get = page.getByRole('button', { name: 'Get Batches' });
  const answer = page.waitForResponse((response) => response.url().includes('/api/payments/settlement/batches?'));
  await get.click();
  const batches = (await (await answer).json()) as SettledBatch[];
  const row = page.getByTestId(`batch-${batch.batchId}`);
  await expect(row).toBeVisible();
  await expect(get).toBeEnabled();
  // The page header and the batches panel.
  await expect(simulated).toHaveCount(2);
  // Whole amounts on each row (charges, refunds, net over every card type) and the period's total under them.
  const shown = batches.find((candidate) => candidate.batchId === batch.batchId)!;
  const totals = batchTotals(shown);
  await expect(row).toContainText(usd(totals.chargeAmount));
  await expect(row.getByRole('gridcell').nth(2)).toHaveText(shown.statistics.map((line) => line.accountType).join(', '));
  const period = periodTotals(batches);
  const periodLine = page.getByTestId('period-totals');
  await expect(periodLine).toContainText(`Total of ${batches.length} batches`);
  await expect(periodLine).toContainText(`Charges ${usd(period.chargeAmount)} (${period.chargeCount})`);
  await expect(periodLine).toContainText(`Net ${usd(period.net)}`);
  await shot(page, 'auth-net-batches');

  await row.click();
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('batch-totals')).toContainText(`Net ${usd(totals.net)}`);
  const table = page.getByRole('grid', { name: `Transactions of batch ${batch.batchId}` });
  await expect(table).toBeVisible();
  // ... and the transactions panel.
  await expect(simulated).toHaveCount(3);
  await expect(simulated.nth(2)).toBeVisible();
  const expected = transactionsOf(batch);
  await expect(table.getByRole('row')).toHaveCount(expected.length + 1);
  for (const header of ['Id', 'Name', 'Account', 'Amount', 'Time', 'Status']) {
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  const chargeRow = table.getByRole('row', { name: new RegExp(charge.transId) });
  await expect(chargeRow.getByRole('link', { name: charge.invoiceNumber })).toHaveAttribute(
    'href',
    `/admin/clients-orders/order/${orderId}`,
  );
  const settled = chargeRow.locator('[data-status="settledSuccessfully"]');
  await expect(settled).toHaveText('Settled');
  await expect(chargeRow.locator('[data-status-code="settledSuccessfully"]')).toHaveText('settledSuccessfully');
  expect(isGreen(await settled.evaluate((el) => getComputedStyle(el).color))).toBe(true);
  const refund = table.locator('[data-status="refundSettledSuccessfully"]').first();
  expect(isGreen(await refund.evaluate((el) => getComputedStyle(el).color))).toBe(false);
  await expect(page.getByText('No order').first()).toBeVisible();
  await shot(page, 'auth-net-transactions');

  // Keyboard: another batch is selected with Enter.
  const rows = page.getByRole('grid', { name: 'Settled batches' }).getByRole('row');
  const other = rows.nth(1);
  await other.focus();
  await other.press('Enter');
  await expect(other).toHaveAttribute('aria-selected', 'true');
});

test('a 40-day range is refused with the warning "Max period is 31 days." titled "Date"', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/payments/auth-net');
  await expect(page.getByRole('button', { name: 'Get Batches' })).toBeEnabled();
  await expect(page.getByText('Simulated data').first()).toBeVisible();
  await pickRange(page, 40, 0);
  await page.getByRole('button', { name: 'Get Batches' }).click();
  const toast = page
    .getByRole('status')
    .filter({ hasText: 'Max period is 31 days.' })
    .or(page.locator('.fui-Toast').filter({ hasText: 'Max period is 31 days.' }));
  await expect(toast.first()).toBeVisible();
  await expect(toast.first()).toContainText('Date');
  await shot(page, 'auth-net-range-warning');
});
