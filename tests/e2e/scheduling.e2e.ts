import { expect as baseExpect, test, type Page } from '@playwright/test';
import { localDay, shot, signIn } from './fixtures';
import { png } from './png';

/** A plain 256x256 map tile with a lighter edge, made here so that no tile request leaves the machine. */
const tilePng = () => png(256, 256, (x, y) => (x === 0 || y === 0 ? [200, 210, 220] : [232, 238, 228]));

const TILE = tilePng();

// The shared test machine can be busy: give each expectation more time than the default.
const expect = baseExpect.configure({ timeout: 20_000 });

/** Serves map tiles locally and refuses (and records) any request to another host. */
async function keepRequestsLocal(page: Page, baseURL: string): Promise<{ tiles: number; outside: string[] }> {
  const seen = { tiles: 0, outside: [] as string[] };
  const local = new URL(baseURL).host;
  await page.route(
    (url) => url.host !== local,
    async (route) => {
      const url = new URL(route.request().url());
      if (url.hostname.endsWith('tile.openstreetmap.org')) {
        seen.tiles += 1;
        await route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
        return;
      }
      seen.outside.push(url.toString());
      await route.abort();
    },
  );
  return seen;
}

const daysFromToday = (days: number) => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return localDay(date);
};

async function pickDate(page: Page, label: string, date: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.fill(date);
  await input.press('Enter');
  await page.keyboard.press('Escape');
}

test('branches: add with a map location, edit, appointment settings with a duplicate date, save, delete', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const requests = await keepRequestsLocal(page, baseURL!);
  const name = `E2E Lyon ${Date.now().toString(36)}`;
  const address = '10 Place Bellecour, 69002 Lyon';

  await signIn(page);
  await page.goto('/admin/branches');
  await expect(page.getByRole('heading', { name: 'Branches', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Branches' })).toBeVisible();
  await shot(page, 'branches');

  // The form flags every required field.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Add branch' });
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  for (const message of [
    'Name is required',
    'Phone number is required',
    'Address is required',
    'Type is required',
    'Country is required',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  await shot(page, 'branch-form-invalid');

  await form.getByLabel('Name').fill(name);
  await form.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Partner Branch' }).click();
  await form.getByRole('combobox', { name: 'Country' }).fill('Fran');
  await page.getByRole('option', { name: 'France', exact: true }).click();
  await expect(form.getByLabel('Phone number')).toHaveValue('+33 ');
  await expect(form.getByText('French Republic · calling code +33')).toBeVisible();
  await form.getByLabel('Phone number').fill('+33 4 72 00 00 00');
  await form.getByLabel('Address').fill(address);
  await form.getByRole('combobox', { name: 'Time zone' }).fill('Paris');
  await page.getByRole('option', { name: 'Europe/Paris' }).click();

  // Pick the location by clicking the map.
  const picker = form.getByTestId('location-picker-map');
  await expect(picker.locator('.leaflet-tile-loaded').first()).toBeVisible();
  await picker.click({ position: { x: 200, y: 120 } });
  await expect(form.getByLabel('Latitude')).not.toHaveValue('');
  await expect(form.getByLabel('Longitude')).not.toHaveValue('');
  // Then type the exact coordinates of Lyon.
  await form.getByLabel('Latitude').fill('45.7578');
  await form.getByLabel('Longitude').fill('4.832');
  await expect(picker.locator('path.leaflet-interactive')).toHaveCount(1);
  await shot(page, 'branch-form');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText(`${name} was added.`, { exact: true })).toBeVisible();

  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card.getByText('Partner Branch')).toBeVisible();
  await expect(card.getByText('ACTIVE', { exact: true })).toBeVisible();
  await expect(card.getByText('+33 4 72 00 00 00')).toBeVisible();
  await expect(card.getByText(address)).toBeVisible();
  await expect(card.getByText('France')).toBeVisible();
  await expect
    .poll(() => card.getByRole('img', { name: 'Flag of France' }).evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  // The map view shows every placed branch.
  await page.getByRole('tab', { name: 'Map' }).click();
  const map = page.getByTestId('branches-map');
  await expect(map.locator('path.leaflet-interactive').first()).toBeVisible();
  expect(await map.locator('path.leaflet-interactive').count()).toBeGreaterThanOrEqual(2);
  await expect(map.locator('.leaflet-tile-loaded').first()).toBeVisible();
  await shot(page, 'branches-map');
  await page.getByRole('tab', { name: 'Cards' }).click();

  // An untouched new branch closes without a question; with a change, cancelling it asks first.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('confirm-dialog')).toBeHidden();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await form.getByLabel('Name').fill('Half-typed branch');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('Are you sure to cancel edit?');
  await shot(page, 'branch-cancel-confirm');
  await page.getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(form).toBeHidden();

  // Edit: switch it to INACTIVE.
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(edit.getByLabel('Latitude')).toHaveValue('45.7578');
  await edit.getByRole('switch', { name: 'Active' }).click();
  await expect(edit.getByText('INACTIVE')).toBeVisible();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(card.getByText('INACTIVE', { exact: true })).toBeVisible();

  // Appointment settings: defaults first.
  await card.getByRole('link', { name: `Appointment settings of ${name}` }).click();
  await expect(page).toHaveURL(/\/admin\/appointment-settings\/\d+$/);
  await expect(page.getByTestId('settings-branch')).toContainText(name);
  await expect(page.getByTestId('settings-branch')).toContainText(address);
  await expect(page.getByText('Defaults, not saved yet')).toBeVisible();
  await expect(page.getByLabel('Start time')).toHaveValue('11:00');
  await expect(page.getByLabel('End time')).toHaveValue('17:00');
  await expect(page.getByLabel('Slot duration (minutes)')).toHaveValue('30');
  await expect(page.getByLabel('Max upcoming available dates')).toHaveValue('30');
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
    await expect(page.getByRole('switch', { name: day })).toBeChecked();
  }
  await expect(page.getByTestId('slot-preview')).toContainText('11:00');
  await shot(page, 'appointment-settings-defaults');

  // Change the fields; the time masks take typed digits.
  await page.getByRole('switch', { name: 'Sunday' }).click();
  await page.getByLabel('Slot duration (minutes)').fill('45');
  await page.getByLabel('Max upcoming available dates').fill('20');
  await page.getByLabel('Start time').fill('0930');
  await expect(page.getByLabel('Start time')).toHaveValue('09:30');
  await page.getByLabel('End time').fill('0900');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The end time must be after the start time')).toBeVisible();
  await expect(page.getByText('Failed to save appointment settings.', { exact: true })).toBeVisible();
  await page.getByLabel('End time').fill('1630');
  await expect(page.getByLabel('End time')).toHaveValue('16:30');
  await expect(page.getByTestId('slot-summary')).toHaveText('9 slots a day of 45 minutes, 09:30 to 16:30 (Europe/Paris).');

  // Adjust Dates: one date, the same date again (warned), and a range.
  const single = daysFromToday(10);
  await pickDate(page, 'Date', single);
  await page.getByRole('button', { name: 'Add date' }).click();
  await expect(page.getByTestId(`adjusted-${single}`)).toBeVisible();
  await pickDate(page, 'Date', single);
  await page.getByRole('button', { name: 'Add date' }).click();
  await expect(page.getByText('This date is already in the adjust list', { exact: true })).toBeVisible();
  await expect(page.getByText('Duplicate date', { exact: true })).toBeVisible();
  await expect(page.getByTestId(`adjusted-${single}`)).toHaveCount(1);
  await shot(page, 'appointment-settings-duplicate');

  const rangeStart = daysFromToday(40);
  const rangeEnd = daysFromToday(46);
  await pickDate(page, 'Range from', rangeStart);
  await pickDate(page, 'Range to', rangeEnd);
  await page.getByRole('button', { name: 'Add range' }).click();
  await expect(page.getByRole('list', { name: 'Adjusted dates' }).getByRole('listitem')).toHaveCount(8);
  await page.getByTestId(`adjusted-${single}`).getByRole('switch').click();
  await expect(page.getByTestId(`adjusted-${single}`).getByText('Enabled')).toBeVisible();
  await page
    .getByTestId(`adjusted-${rangeEnd}`)
    .getByRole('button', { name: /^Remove/ })
    .click();
  await expect(page.getByRole('list', { name: 'Adjusted dates' }).getByRole('listitem')).toHaveCount(7);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Appointment settings of ${name} saved.`, { exact: true })).toBeVisible();
  await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();
  await expect(page.getByTestId('slot-preview')).toContainText('09:30');
  await shot(page, 'appointment-settings-saved');

  // What was saved comes back after a reload.
  await page.reload();
  await expect(page.getByLabel('Start time')).toHaveValue('09:30');
  await expect(page.getByLabel('End time')).toHaveValue('16:30');
  await expect(page.getByLabel('Slot duration (minutes)')).toHaveValue('45');
  await expect(page.getByLabel('Max upcoming available dates')).toHaveValue('20');
  await expect(page.getByRole('switch', { name: 'Sunday' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Monday' })).toBeChecked();
  await expect(page.getByTestId(`adjusted-${single}`).getByText('Enabled')).toBeVisible();
  await expect(page.getByTestId(`adjusted-${rangeStart}`).getByText('Disabled')).toBeVisible();
  await expect(page.getByTestId(`adjusted-${rangeEnd}`)).toHaveCount(0);

  // Delete the branch through the confirmation.
  await page.getByRole('link', { name: 'Back to branches' }).click();
  await page
    .getByRole('article', { name })
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('Are you sure to delete this branch?');
  await shot(page, 'branch-delete-confirm');
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(`${name} was deleted.`, { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name })).toHaveCount(0);

  expect(requests.tiles).toBeGreaterThan(0);
  expect(requests.outside).toEqual([]);
});

test('appointment settings of an unknown branch say "Branch Not found"', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await keepRequestsLocal(page, baseURL!);
  await signIn(page);
  await page.goto('/admin/appointment-settings/987654');
  await expect(page.getByText('Failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Branch Not found').first()).toBeVisible();
  await shot(page, 'appointment-settings-not-found');
  await page.getByRole('link', { name: 'Go to branches' }).click();
  await expect(page).toHaveURL(/\/admin\/branches$/);
});
