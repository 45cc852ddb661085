import { expect, test } from '@playwright/test';
import { authenticator } from 'otplib';
import { ADMIN, logout, shot, signIn } from './fixtures';

const run = Date.now().toString(36);
const STAFF_PASSWORD = 'Agent-pass-1';

/** The code of the current 30-second step, or of a step `offset` away (the server accepts ±1, each step once). */
const codeAt = (secret: string, offset = 0) => authenticator.clone({ epoch: Date.now() + offset * 30_000 }).generate(secret);

test('clients: the form flags, create, the duplicate-email toast, edit, delete through the confirmation', async ({ page }) => {
  const email = `e2e.client.${run}@example.com`;
  await signIn(page, undefined, undefined, '/admin/clients');
  await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Clients' })).toBeVisible(); // demo clients
  await shot(page, 'identity-clients');

  // The form's flags on an empty form, and the email's format.
  await page.getByRole('button', { name: 'Add client' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add client' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  for (const message of ['Name is required', 'Email is required', 'Phone number is required', 'Password is required']) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await dialog.getByLabel('Email').fill('not-an-email');
  await expect(dialog.getByText('Enter a valid email address')).toBeVisible();
  await shot(page, 'identity-client-form-flags');

  await dialog.getByLabel('Name').fill('Eve Tester');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone number').fill('+1 202 555 0111');
  await dialog.getByLabel('Password').fill('Client-pass-9');
  // The first answer is lost on its way back (the client is created): the retry sends the same Idempotency-Key and
  // gets that answer, so there is one client, not a duplicate-email refusal.
  const keys: string[] = [];
  await page.route('**/api/clients/insert', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length === 1) {
      await route.fetch();
      await route.abort('connectionreset');
    } else await route.continue();
  });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText(/could not be reached|Cannot reach the server/).first()).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Client created', { exact: true })).toBeVisible();
  await page.unroute('**/api/clients/insert');
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  const row = page.getByTestId('client-row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Eve Tester');
  await expect(row).toContainText('+1 202 555 0111');

  // The same email again: succeeded false → the toast with the server's description.
  await page.getByRole('button', { name: 'Add client' }).first().click();
  await dialog.getByLabel('Name').fill('Eve Again');
  await dialog.getByLabel('Email').fill(email.toUpperCase());
  await dialog.getByLabel('Phone number').fill('+1 202 555 0112');
  await dialog.getByLabel('Password').fill('Client-pass-9');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Create Account Error', { exact: true })).toBeVisible();
  await expect(page.getByText(`Email '${email}' is already taken.`).first()).toBeVisible();
  await shot(page, 'identity-client-duplicate');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Search, then edit.
  await page.getByRole('searchbox', { name: 'Search clients' }).fill(`client.${run}`);
  await expect(page.getByTestId('client-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'Edit Eve Tester' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit client' });
  await expect(edit.getByLabel('Password')).toHaveCount(0); // the password only on create
  await edit.getByLabel('Name').fill('Eve Edited');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByTestId('client-row')).toContainText('Eve Edited');

  // Delete through the confirmation.
  await page.getByRole('button', { name: 'Delete Eve Edited' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('Are you sure you want to delete this client?');
  await shot(page, 'identity-client-delete-confirm');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`No clients match “client.${run}”.`)).toBeVisible();
});

test('users: create a staff user, give it Salesagent, and it signs in to /crm', async ({ page }) => {
  const email = `e2e.agent.${run}@backoffice.local`;
  await signIn(page, undefined, undefined, '/admin/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await shot(page, 'identity-users');

  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByLabel('Name').fill('Agent Smith');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('short');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Passwords must be at least 8 characters.')).toBeVisible();
  await dialog.getByLabel('Password').fill(STAFF_PASSWORD);
  await shot(page, 'identity-user-form');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('User created', { exact: true })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search users' }).fill(`agent.${run}`);
  const row = page.getByTestId('user-row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('No roles');
  await row.getByRole('link', { name: 'Roles of Agent Smith' }).click();

  await expect(page).toHaveURL(/\/admin\/roles\/[0-9a-f-]{36}(\?.*)?$/); // the users-list search rides along for the way back
  await expect(page.getByRole('heading', { name: 'User roles' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Salesagent' }).check();
  await page.getByRole('button', { name: 'Update Roles' }).click();
  await expect(page.getByText('Roles updated successfully')).toBeVisible();
  await shot(page, 'identity-user-roles');
  await page.getByRole('link', { name: 'Back to users' }).first().click();
  await expect(page).toHaveURL(/\/admin\/users/);
  await expect(page.getByTestId('user-row').filter({ hasText: email })).toContainText('Salesagent');

  await logout(page);
  await signIn(page, email, STAFF_PASSWORD);
  await expect(page).toHaveURL(/\/crm$/);
  await page.goto('/admin/users');
  await expect(page.getByTestId('forbidden')).toBeVisible();
});

test('the last Admin keeps the Admin role: the role screen shows the refusal', async ({ page }) => {
  await signIn(page, undefined, undefined, '/admin/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(ADMIN.email);
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  const row = page.getByTestId('user-row');
  await row.getByRole('link', { name: /^Roles of / }).click();
  await page.getByRole('checkbox', { name: 'Admin' }).uncheck();
  await page.getByRole('button', { name: 'Update Roles' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'is the last Admin' })).toBeVisible();
  await shot(page, 'identity-last-admin');
});

test('two-factor sign-in: enrol from the profile, then sign in with a code', async ({ page }) => {
  const email = `e2e.careful.${run}@backoffice.local`;
  await signIn(page, undefined, undefined, '/admin/users');
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByLabel('Name').fill('Careful Manager');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(STAFF_PASSWORD);
  await dialog.getByRole('checkbox', { name: 'Manager' }).check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await logout(page);

  await signIn(page, email, STAFF_PASSWORD);
  await page.goto('/auth/profile');
  await expect(page.getByTestId('profile-roles')).toHaveText('Manager');
  const card = page.getByTestId('two-factor-card');
  await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = (await card.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
  await expect(card.getByRole('img', { name: /QR code/ })).toBeVisible();
  await shot(page, 'identity-two-factor-setup');
  await card.getByLabel('Code from the app').fill('000000');
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByText(/not correct/)).toBeVisible();
  await card.getByLabel('Code from the app').fill(codeAt(secret));
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByTestId('recovery-codes')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await shot(page, 'identity-two-factor-codes');
  await card.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await logout(page);

  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('two-factor-step')).toBeVisible();
  await shot(page, 'identity-login-code');
  await page.getByLabel('Verification code').fill(codeAt(secret, 1));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
});
