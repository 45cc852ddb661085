import { expect, test } from '@playwright/test';
import { AUDIT_PATHS, IDENTITY_PATHS, type StaffUser } from '@backoffice/contracts';
import { ADMIN, adminToken, api, shot, signIn } from './fixtures';

const run = Date.now().toString(36);

test('Activity: the Admin sees a change they just made, filters down to it, and finds it in the record’s own history', async ({
  page,
  baseURL,
}) => {
  const token = await adminToken(baseURL!);
  const email = `e2e.audited.${run}@backoffice.local`;
  const user = await api<StaffUser>(baseURL!, token, IDENTITY_PATHS.users, {
    json: { name: 'Audrey Audited', email, password: 'Audited-pass-1', roles: [] },
  });

  // The change, made in the console.
  await signIn(page, undefined, undefined, '/admin/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'Edit Audrey Audited' }).click();
  const form = page.getByRole('dialog', { name: /Edit/ });
  await form.getByLabel('Name').fill('Audrey Renamed');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  // The Activity screen: the change is there (the audit log is written through Kafka: a moment later).
  await page.getByRole('navigation').getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  const change = page.getByTestId('audit-entry').filter({ hasText: 'Audrey Renamed' }).filter({ hasText: 'Changed' });
  await expect(async () => {
    await page.reload();
    await expect(change.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(change.first()).toContainText('Audrey Audited');
  await expect(change.first()).toContainText(user.id);

  // Filtered by the person, the area and the record: the user's creation and the rename, nothing else.
  await page.getByRole('combobox', { name: 'Person' }).click();
  await page.getByRole('option', { name: new RegExp(ADMIN.email.replace(/[.+]/g, '\\$&')) }).click();
  await page.getByRole('combobox', { name: 'Area' }).click();
  await page.getByRole('option', { name: 'Users and sign-in' }).click();
  await page.getByLabel('Record id').fill(user.id);
  await expect(page.getByTestId('pager-range')).toHaveText('1–2 of 2 changes');
  const entries = page.getByTestId('audit-entry');
  await expect(entries.nth(0)).toContainText('Changed');
  await expect(entries.nth(1)).toContainText('Created');
  await expect(entries.nth(1)).toContainText('[hidden]'); // the password hash is never shown
  await expect(page).toHaveURL(new RegExp(`record=${user.id}`));
  await shot(page, 'activity-1280');

  // A time range that ends before today shows nothing.
  await page.getByLabel('To', { exact: true }).fill('2020-01-01');
  await expect(page.getByText('Nothing recorded matches these filters')).toBeVisible();
  await page.getByLabel('To', { exact: true }).fill('');
  await expect(page.getByTestId('pager-range')).toHaveText('1–2 of 2 changes');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(entries.nth(0)).toBeVisible();
  await shot(page, 'activity-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The record's own history, where the record is: the users list.
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  await page.getByRole('button', { name: 'More actions for Audrey Renamed' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History of Audrey Renamed' });
  await expect(history.getByTestId('audit-entry')).toHaveCount(2);
  await expect(history.getByTestId('audit-entry').first()).toContainText('Audrey Audited');
  await shot(page, 'activity-user-history');

  // The same through the API the screen reads (Admin: the whole log).
  const page1 = await api<{ total: number }>(baseURL!, token, `${AUDIT_PATHS.history}?area=identity&entityType=User&recordId=${user.id}`);
  expect(page1.total).toBe(2);
});
