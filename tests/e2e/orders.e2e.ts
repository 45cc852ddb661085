import { expect, test, type Page } from '@playwright/test';
import type {
  CatalogueServiceView,
  Client,
  OrderDetail,
  OrderSummary,
  Page as ListPage,
  ClientServiceSummary,
} from '@backoffice/contracts';
import { adminToken, api, logout, shot, signIn, toast } from './fixtures';

// 8×8 PNG (a small blue square) as the transaction image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAFklEQVR4nGNkYPjPQAxgIlIdw6hC6ioEAJ1+AQ/9mZ1HAAAAAElFTkSuQmCC',
  'base64',
);

let baseURL: string;
let token: string;

async function eventually<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** A fresh order through order intake, priced by the orders service from the catalogue's demo services (via Kafka) and geography. */
async function placeOrder(): Promise<OrderDetail> {
  const services = await eventually('the catalogue read model', async () => {
    const rows = await api<CatalogueServiceView[]>(baseURL, token, '/api/orders/read-models/catalogue');
    return rows.filter((row) => row.active).length >= 2 ? rows.filter((row) => row.active) : undefined;
  });
  // The order is for a demo client with an account: a set-up that fails fails the test.
  const clients = await api<ListPage<Client>>(baseURL, token, '/api/clients?pageSize=5');
  const client = clients.items[0];
  if (!client) throw new Error('the demo data has no client to place an order for');
  const physical = services.find((s) => s.physical) ?? services[1];
  const online = services.find((s) => !s.physical && s.id !== physical.id) ?? services[0];
  return api<OrderDetail>(baseURL, token, '/api/orders', {
    method: 'POST',
    json: {
      name: client.name,
      contactInfo: client.phoneNumber,
      email: client.email,
      userId: client.id,
      address: '350 5th Ave, Apt 12B',
      zipCode: '10001',
      city: 'New York City',
      county: 'New York County',
      state: 'NY',
      country: 'US',
      discount: 10,
      items: [
        { itemId: online.id, quantity: 1 },
        { itemId: physical.id, quantity: 2 },
      ],
    },
  });
}

async function toastSays(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

test.beforeAll(async ({ baseURL: url }) => {
  baseURL = url!;
  token = await adminToken(baseURL);
});

test('an order from intake to a completed client service: receipt, submit, assign, transactions with images, progress and check', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const order = await placeOrder();
  const invoice = order.id.split('-')[0];
  expect(order.tax).toBeGreaterThan(0);

  await signIn(page);
  await page.goto('/admin/clients-orders');
  await expect(page.getByRole('heading', { name: 'Client orders' })).toBeVisible();
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  await shot(page, 'orders-list');

  // Search finds the order; its id links to the receipt.
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(invoice);
  await expect(page.getByTestId('order-row')).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`search=${invoice}`));
  await page.getByRole('link', { name: invoice, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/clients-orders/order/${order.id}$`));

  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByTestId('invoice-number')).toHaveText(invoice);
  await expect(receipt.getByTestId('order-item')).toHaveCount(2);
  await expect(receipt.getByTestId('order-total')).toContainText(order.amount.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ','));
  await expect(receipt.getByText('Discount')).toBeVisible();
  await expect(receipt.getByText('No payments yet.')).toBeVisible();
  expect(order.userId).toBeTruthy();
  await expect(receipt.getByTestId('has-account')).toBeVisible();
  const firstItem = receipt.getByTestId('order-item').first();
  // The item opens the service in the console's catalogue, not a storefront path.
  await expect(firstItem.getByRole('link', { name: order.items[0].itemName })).toHaveAttribute(
    'href',
    `/admin/services/item/${order.items[0].itemId}`,
  );
  await shot(page, 'order-receipt');

  // Submit the first item: a success notice, then the item shows it is submitted.
  await firstItem.getByRole('button', { name: 'Submit to Client Services' }).click();
  await toastSays(page, `${order.items[0].itemName} was submitted to client services`);
  await expect(firstItem.getByText('Submitted')).toBeVisible();
  const clientServiceId = (await api<OrderDetail>(baseURL, token, `/api/orders/${order.id}`)).items[0].clientServiceId!;
  expect(clientServiceId).toBeTruthy();

  // Close returns to the orders list.
  await page.getByRole('link', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/admin\/clients-orders(\?.*)?$/);

  await page.goto('/admin/clients-services');
  const row = page.locator(`[data-testid="client-service-row"][data-id="${clientServiceId}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('client-service-status')).toHaveText('Created');
  await expect(row.getByTestId('completed-check')).toHaveCount(0);

  // The server searches and filters by status; both stay in the address.
  await page.getByRole('searchbox', { name: 'Search client services' }).fill(clientServiceId.slice(0, 8));
  await expect(page).toHaveURL(new RegExp(`q=${clientServiceId.slice(0, 8)}`));
  await expect(page.getByTestId('client-service-row')).toHaveCount(1);
  await expect(row).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Completed' }).click();
  await expect(page).toHaveURL(/status=Completed/);
  await expect(page.getByText(`No client service matches “${clientServiceId.slice(0, 8)}” with the status Completed.`)).toBeVisible();
  await shot(page, 'client-services-filtered');
  await page.goto('/admin/clients-services');
  await expect(row).toBeVisible();

  // Assign a branch, then a provider: each success closes the modal and reloads the list.
  await row.getByRole('button', { name: 'Assign' }).click();
  let dialog = page.getByTestId('assign-dialog');
  await expect(dialog.getByRole('list', { name: 'Branches' }).getByTestId('assign-choice').first()).toBeVisible();
  await shot(page, 'assign-dialog');
  const branchRow = dialog.getByRole('list', { name: 'Branches' }).getByTestId('assign-choice').first();
  const branchName = (await branchRow.getByTestId('choice-name').innerText()).trim();
  await branchRow.getByRole('button', { name: /^Assign / }).click();
  await toastSays(page, `The client service is assigned to the branch ${branchName}.`);
  // The toast's title says what happened; the spec's message is its text, word for word.
  await expect(toast(page, 'Assigned')).toContainText(`The client service is assigned to the branch ${branchName}.`);
  await expect(dialog).toBeHidden();

  await row.getByRole('button', { name: 'Assign' }).click();
  dialog = page.getByTestId('assign-dialog');
  const providerRow = dialog.getByRole('list', { name: 'Service providers' }).getByTestId('assign-choice').first();
  await expect(providerRow).toBeVisible();
  const providerName = (await providerRow.getByTestId('choice-name').innerText()).trim();
  await providerRow.getByRole('button', { name: /^Assign / }).click();
  await toastSays(page, `The client service is assigned to the provider ${providerName}.`);
  await expect(dialog).toBeHidden();
  // "Assigned" reads as words: the provider's and the branch's names in their own columns.
  await expect(row.getByRole('gridcell').nth(4)).toHaveText(providerName);
  await expect(row.getByRole('gridcell').nth(5)).toHaveText(branchName);

  // Verified, with a note and an image.
  const addTransaction = async (status: string, note: string, image: string) => {
    await row.getByRole('button', { name: 'Change status' }).click();
    const form = page.getByTestId('transaction-dialog');
    await form.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: status, exact: true }).click();
    await form.getByRole('textbox', { name: 'Note' }).fill(note);
    await form.getByTestId('transaction-images').setInputFiles({ name: image, mimeType: 'image/png', buffer: PNG });
    await expect(form.getByRole('img', { name: image })).toBeVisible();
    return form;
  };
  let form = await addTransaction('Verified', 'Passport scan and photo checked.', 'passport-check.png');
  await shot(page, 'transaction-dialog');
  await form.getByRole('button', { name: 'Save' }).click();
  await toastSays(page, 'Status changed from Created to Verified.');
  await expect(toast(page, 'Transaction recorded')).toContainText('Status changed from Created to Verified.');
  await expect(form).toBeHidden();
  await expect(row.getByTestId('client-service-status')).toHaveText('Verified');

  // A step back is a correction: the dialog says so, and without a reason it is refused on the note, the modal open.
  await row.getByRole('button', { name: 'Change status' }).click();
  form = page.getByTestId('transaction-dialog');
  await form.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Created', exact: true }).click();
  await expect(form.getByTestId('correction-notice')).toContainText('Moving from Verified to Created corrects the status.');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Moving from Verified to Created corrects the status: write the reason in the note.')).toBeVisible();
  await expect(form).toBeVisible();
  await shot(page, 'transaction-correction-refused');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
  await expect(row.getByTestId('client-service-status')).toHaveText('Verified');

  // Completed, with a note and an image: the row gets its check icon.
  form = await addTransaction('Completed', 'Application submitted; confirmation sent to the client.', 'confirmation.png');
  await form.getByRole('button', { name: 'Save' }).click();
  await toastSays(page, 'Status changed from Verified to Completed.');
  await expect(row.getByTestId('client-service-status')).toHaveText('Completed');
  await expect(row.getByTestId('completed-check')).toBeVisible();
  await shot(page, 'client-services');

  // The detail: every field, the full progress bar, the transactions with their images.
  await row.getByRole('button', { name: 'View' }).click();
  const detail = page.getByTestId('client-service-detail');
  await expect(detail.getByTestId('progress-bar')).toHaveAttribute('data-progress', '100');
  await expect(detail.getByText('Progress: Completed, 100%')).toBeVisible();
  await expect(detail.getByTestId('detail-branch')).toHaveText(branchName);
  await expect(detail.getByTestId('detail-provider')).toHaveText(providerName);
  await expect(detail.getByText(order.name).first()).toBeVisible();
  await expect(detail.getByTestId('transaction-row')).toHaveCount(2);
  await expect(detail.getByTestId('transaction-row').nth(0)).toContainText('Passport scan and photo checked.');
  await expect(detail.getByTestId('transaction-row').nth(1)).toContainText('Application submitted');
  await expect(detail.getByRole('img', { name: 'passport-check.png' })).toBeVisible();
  await expect(detail.getByRole('img', { name: 'confirmation.png' })).toBeVisible();
  await shot(page, 'client-service-detail');
  await detail.getByRole('button', { name: 'Close' }).last().click();

  // Completed by mistake: the Admin corrects it back to Filled with a reason; the history marks the correction.
  await row.getByRole('button', { name: 'Change status' }).click();
  form = page.getByTestId('transaction-dialog');
  await form.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Filled', exact: true }).click();
  await form.getByRole('textbox', { name: 'Reason for the correction' }).fill('Completed by mistake: the embassy has not confirmed yet.');
  await form.getByRole('button', { name: 'Save' }).click();
  await toastSays(page, 'Status corrected from Completed to Filled.');
  await expect(row.getByTestId('client-service-status')).toHaveText('Filled');
  await row.getByRole('button', { name: 'View' }).click();
  await expect(detail.getByTestId('transaction-row')).toHaveCount(3);
  await expect(detail.getByTestId('transaction-row').nth(2).getByTestId('correction-badge')).toHaveText('Correction');
  await expect(detail.getByTestId('correction-badge')).toHaveCount(1);
  await shot(page, 'client-service-correction');
  await detail.getByRole('button', { name: 'Close' }).last().click();

  // The same item cannot be submitted twice (the server refuses; the receipt shows it submitted).
  const again = await api<{ success: boolean; message: string }>(baseURL, token, '/api/client-services/submit', {
    method: 'POST',
    json: { orderId: order.id, itemId: order.items[0].itemId },
  });
  expect(again).toMatchObject({ success: false });
  expect(again.message).toMatch(/already submitted/);

  // The orders list exports to xlsx.
  await page.goto('/admin/clients-orders');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  expect((await download).suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.xlsx$/);
});

test('the orders list pages on the server and filters by status; demo data is there on first start', async ({ page }) => {
  const list = await eventually('the demo orders', async () => {
    const result = await api<ListPage<OrderSummary>>(baseURL, token, '/api/orders?pageSize=1');
    return result.total >= 10 ? result : undefined;
  });
  await signIn(page, undefined, undefined, '/admin/clients-orders');
  await expect(page.getByTestId('order-row')).toHaveCount(Math.min(20, list.total));
  await expect(page.getByText(`1–${Math.min(20, list.total)} of ${list.total} orders`)).toBeVisible();

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Paid' }).click();
  await expect(page).toHaveURL(/status=Paid/);
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  // Wait for the filtered page itself (the previous one stays on screen while it loads).
  await expect(page.getByTestId('order-status').filter({ hasNotText: 'Paid' })).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('order-status').first()).toHaveText('Paid');

  await page.getByRole('searchbox', { name: 'Search orders' }).fill('no such order anywhere');
  await expect(page.getByText('No orders', { exact: true })).toBeVisible();
  await shot(page, 'orders-empty');

  const demo = await api<ClientServiceSummary[]>(baseURL, token, '/api/client-services');
  expect(demo.length).toBeGreaterThan(0);
});

test('an unknown order shows not found, and a provider sees only their own client services', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/clients-orders/order/00000000-0000-4000-8000-000000000001');
  await expect(page.getByText(/not found/i).first()).toBeVisible();

  // A demo ServiceProvider (identity's demo data) signs in: only what is assigned to them.
  const providers = await api<ListPage<{ id: string; email: string; name: string }>>(
    baseURL,
    token,
    '/api/identity/users?role=ServiceProvider&pageSize=50',
  );
  const provider = providers.items.find((user) => user.email === 'sara.kim@backoffice.local');
  // The demo data must have her: without her this check would prove nothing, so it fails instead of skipping.
  expect(provider, 'identity demo data has the sara.kim ServiceProvider').toBeDefined();
  const all = await api<ClientServiceSummary[]>(baseURL, token, '/api/client-services');
  const target = all.find((cs) => cs.status !== 'Completed' && cs.status !== 'Cancelled' && !cs.providerId)!;
  await api(baseURL, token, `/api/ServiceSubmissions/assignProvider/${target.id}/${provider!.id}`);
  const mine = (await api<ClientServiceSummary[]>(baseURL, token, '/api/client-services')).filter((cs) => cs.providerId === provider!.id);

  await logout(page);
  await signIn(page, provider!.email, 'Demo-pass-2026', '/admin/clients-services');
  await expect(page.getByRole('heading', { name: 'Client services' })).toBeVisible();
  await expect(page.getByTestId('client-service-row')).toHaveCount(mine.length);
  // Her start: her own client services at each step, which open the list at that step.
  const created = mine.filter((cs) => cs.status === 'Created').length;
  const verified = mine.filter((cs) => cs.status === 'Verified').length;
  await expect(page.getByTestId('client-service-count-Created')).toContainText(`${created}To verify`);
  await expect(page.getByTestId('client-service-count-Verified')).toContainText(`${verified}Verified, to fill`);
  await page.getByTestId('client-service-count-Created').click();
  await expect(page).toHaveURL(/status=Created/);
  await expect(page.getByTestId('client-service-row')).toHaveCount(created);
  await expect(page.getByTestId('client-service-count-Created')).toHaveAttribute('aria-current', 'true');
  await page.getByTestId('client-service-count-Created').click();
  await expect(page.getByTestId('client-service-row')).toHaveCount(mine.length);
  const row = page.locator(`[data-testid="client-service-row"][data-id="${target.id}"]`);
  await expect(row).toBeVisible();
  await expect(page.getByRole('button', { name: 'Assign' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Change status' })).toBeVisible();
  await row.getByRole('button', { name: 'View' }).click();
  await expect(page.getByTestId('client-service-detail').getByTestId('detail-provider')).toHaveText(provider!.name);
  await page.getByTestId('client-service-detail').getByRole('button', { name: 'Close' }).last().click();
  await shot(page, 'client-services-provider');
  // Orders are not for providers.
  await page.goto('/admin/clients-orders');
  await expect(page.getByTestId('forbidden')).toBeVisible();
});
