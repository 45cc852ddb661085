import { expect, test } from '@playwright/test';
import type { ApiClientWithSecret, CatalogueServiceView, OrderDetail } from '@backoffice/contracts';
import { adminToken, api, openFromNav, shot, signIn } from './fixtures';

test.describe.configure({ timeout: 180_000 });

/**
 * A storefront written against the README: an Admin makes an API client, the storefront gets a
 * client-credentials token from the gateway, sends an order and records its payment with it. The
 * token reaches nothing else, a token without the scope is refused, and revoking ends it at once.
 */
test('a storefront creates an order and records its payment with a client token, through the gateway', async ({ baseURL }) => {
  const base = baseURL!;
  const admin = await adminToken(base);
  const client = await api<ApiClientWithSecret>(base, admin, '/api/identity/api-clients', {
    json: { name: `Storefront ${Date.now()}`, scopes: ['orders:write', 'payments:write'] },
  });
  const reader = await api<ApiClientWithSecret>(base, admin, '/api/identity/api-clients', {
    json: { name: `Reader ${Date.now()}`, scopes: ['catalogue:read'] },
  });

  const tokenFor = async (c: ApiClientWithSecret) => {
    const response = await fetch(`${base}/api/auth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${c.id}:${c.clientSecret}`).toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  };
  const token = await tokenFor(client);
  const call = (path: string, bearer: string, json?: unknown) =>
    fetch(`${base}${path}`, {
      method: json ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${bearer}`, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(json) : undefined,
    });

  let services: CatalogueServiceView[] = [];
  await expect
    .poll(
      async () => {
        services = (await api<CatalogueServiceView[]>(base, admin, '/api/orders/read-models/catalogue')).filter((s) => s.active);
        return services.length;
      },
      { timeout: 90_000 },
    )
    .toBeGreaterThan(0);

  const order = {
    id: crypto.randomUUID(),
    name: 'Ada Lovelace',
    contactInfo: '+1 212 555 0100',
    email: 'ada@example.com',
    address: '1 Main St',
    zipCode: '10001',
    city: 'New York City',
    state: 'NY',
    country: 'US',
    items: [{ itemId: services[0].id, quantity: 1 }],
  };
  // Outside its scopes: a staff list, the order list, and an order from a client that may only read the catalogue.
  expect((await call('/api/identity/users', token)).status).toBe(403);
  expect((await call('/api/orders', token)).status).toBe(403);
  expect((await call('/api/orders', await tokenFor(reader), order)).status).toBe(403);

  const created = await call('/api/orders', token, order);
  expect(created.status).toBe(201);
  const placed = (await created.json()) as OrderDetail;
  expect(placed.id).toBe(order.id);

  const paid = await call('/api/payments', token, {
    orderId: placed.id,
    amount: placed.amount,
    merchant: 'Storefront',
    transaction: { status: 'Captured', amount: placed.amount, reference: `ch_${Date.now()}` },
  });
  expect([paid.status, paid.status === 201 ? '' : await paid.text()]).toEqual([201, '']);
  const payments = await api<{ orderId: string }[]>(base, admin, `/api/orders/${placed.id}/payments`);
  expect(payments.length).toBeGreaterThan(0);

  await api(base, admin, `/api/identity/api-clients/${client.id}/revoke`, { method: 'POST' });
  expect((await call('/api/orders', token, { ...order, id: crypto.randomUUID() })).status).toBe(401);
});

test('an Admin creates an API client, copies its secret once, rotates it and revokes it', async ({ page }) => {
  const name = `Accounting ${Date.now()}`;
  await signIn(page);
  // The Admin finds it in the menu, beside Webhooks.
  await openFromNav(page, '/admin/api-clients');
  await expect(page.getByRole('heading', { name: 'API clients' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'New API client' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('orders:write').check();
  await page.getByLabel('payments:write').check();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Copy the secret now: it will not be shown again.')).toBeVisible();
  await expect(page.getByText(/bocs_[\w-]{43}/)).toBeVisible();
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await shot(page, `api-clients-secret-${width}`);
  }
  await page.getByRole('button', { name: 'Done' }).click();
  // The table's rows are a wide screen's; a phone stacks them as cards.
  await page.setViewportSize({ width: 1280, height: 800 });
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText('Never').first()).toBeVisible();
  await shot(page, 'api-clients-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'api-clients-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  await row.getByRole('button', { name: `Rotate the secret of ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rotate', exact: true }).click();
  await expect(page.getByText('Copy the secret now: it will not be shown again.')).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(row.getByText(/Old secret until/)).toBeVisible();

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await expect(page.getByText(`Revoke the API client "${name}"? Every token it holds stops working at once.`)).toBeVisible();
  await page.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(row.getByText('revoked')).toBeVisible();
});
