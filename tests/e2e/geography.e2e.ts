import { expect as baseExpect, test, type Page } from '@playwright/test';
import { adminToken, api, shot, signIn } from './fixtures';

// The stack starts with the demo geography: United States → New York, New Jersey, California → …

// Several stacks share this machine: give each step more room than the defaults when it is busy.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const column = (page: Page, level: string) => page.getByTestId(`column-${level}`);
const item = (page: Page, level: string, name: string) =>
  column(page, level)
    .getByTestId(`${level}-item`)
    .filter({ has: page.getByText(name, { exact: true }) });
const selectButton = (page: Page, name: string) => page.getByRole('button', { name: `Select ${name}`, exact: true });
/** A toast (Fluent also mirrors it into an aria-live region, hence the scope). */
const toast = (page: Page, text: string) => page.locator('.fui-Toast').filter({ hasText: text });
const editButton = (page: Page, name: string) => page.getByRole('button', { name: `Edit ${name}`, exact: true });

async function openManager(page: Page) {
  await signIn(page);
  await page.goto('/admin/countries');
  await expect(page.getByRole('heading', { name: 'Countries', level: 1 })).toBeVisible();
  await expect(item(page, 'country', 'United States')).toBeVisible();
}

async function expectCleared(page: Page, level: string, placeholder: string) {
  await expect(column(page, level).getByText(placeholder)).toBeVisible();
  await expect(column(page, level).getByTestId(`${level}-item`)).toHaveCount(0);
  await expect(column(page, level).getByRole('button', { name: `Add ${level}` })).toBeDisabled();
}

/** Selects `parent`, adds a `level` under it through its New dialog (its name, then the other fields by label), and waits for the dialog to close. */
async function addRegion(page: Page, parent: string, level: string, name: string, fields: Record<string, string>) {
  await selectButton(page, parent).click();
  await column(page, level)
    .getByRole('button', { name: `Add ${level}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `New ${level}` });
  await dialog.getByLabel(/^Name/).fill(name);
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label).fill(value);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
}

test('create a country, a state, a city, a borough and an area through the modals', async ({ page }) => {
  await openManager(page);

  // Country: the product's flags first (short name exactly 2 characters, name required), then Create.
  await page.getByRole('button', { name: 'Add country' }).click();
  const dialog = page.getByRole('dialog', { name: 'New country' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Short name').fill('c');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Short name must be exactly 2 letters')).toBeVisible();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await shot(page, 'geography-country-form-flags');
  await dialog.getByLabel('Short name').fill('ca');
  await dialog.getByLabel(/^Name/).fill('Canada');
  await dialog.getByLabel('Tax rate').fill('5');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Country "Canada" created.')).toBeVisible();
  await expect(item(page, 'country', 'Canada')).toContainText('CA');
  await expect(item(page, 'country', 'Canada')).toContainText('Tax 5%');

  // State: select the country first; its column is empty and says so.
  await selectButton(page, 'Canada').click();
  await expect(column(page, 'state')).toContainText('in Canada');
  await expect(column(page, 'state').getByText('No states yet. Use Add to create one.')).toBeVisible();
  await column(page, 'state').getByRole('button', { name: 'Add state' }).click();
  const stateDialog = page.getByRole('dialog', { name: 'New state' });
  await expect(stateDialog.getByText('In the country Canada')).toBeVisible();
  await stateDialog.getByLabel('Short name').fill('on');
  await stateDialog.getByLabel(/^Name/).fill('Ontario');
  await stateDialog.getByLabel('Tax rate').fill('8');
  await stateDialog.getByRole('button', { name: 'Create' }).click();
  await expect(stateDialog).toBeHidden();
  await expect(item(page, 'state', 'Ontario')).toContainText('Tax 8%');

  // City with a shipping fee; no rate of its own: it shows the state's as inherited.
  await addRegion(page, 'Ontario', 'city', 'Toronto', { 'Shipping fee': '6.5' });
  await expect(item(page, 'city', 'Toronto')).toContainText('Tax 8% (inherited)');
  await expect(item(page, 'city', 'Toronto')).toContainText('$6.50');

  // Borough with zip codes, normalised by the server.
  await addRegion(page, 'Toronto', 'borough', 'Old Toronto', { 'Tax rate': '13', 'Zip codes': ' m5v 2t6, M5H 2N2 ,m5v 2t6' });
  await expect(item(page, 'borough', 'Old Toronto')).toContainText('M5V 2T6, M5H 2N2');

  // Area, then a second borough claiming the same zip: the server's 409 shows on the Zip codes field.
  await addRegion(page, 'Old Toronto', 'area', 'Entertainment District', { 'Tax rate': '13.5', 'Zip codes': 'M5V 2T6' });
  await expect(item(page, 'area', 'Entertainment District')).toContainText('Tax 13.5%');
  // Areas are edit only: no select button.
  await expect(selectButton(page, 'Entertainment District')).toHaveCount(0);
  await expect(editButton(page, 'Entertainment District')).toBeVisible();

  await column(page, 'borough').getByRole('button', { name: 'Add borough' }).click();
  const clash = page.getByRole('dialog', { name: 'New borough' });
  await clash.getByLabel(/^Name/).fill('Downtown');
  await clash.getByLabel('Zip codes').fill('M5H 2N2');
  await clash.getByRole('button', { name: 'Create' }).click();
  await expect(clash.getByText('Zip code M5H 2N2 already belongs to the borough "Old Toronto" in this city.')).toBeVisible();
  await shot(page, 'geography-duplicate-zip');
  await clash.getByRole('button', { name: 'Cancel' }).click();
  await expect(clash).toBeHidden();
  await expect(column(page, 'borough').getByTestId('borough-item')).toHaveCount(1);
  await shot(page, 'geography-created-chain');
});

test('select down the cascade and back up: lower columns clear', async ({ page }) => {
  await openManager(page);
  await expectCleared(page, 'state', 'Select a country to see its states.');

  await selectButton(page, 'United States').click();
  await expect(item(page, 'state', 'New York')).toBeVisible();
  await expectCleared(page, 'city', 'Select a state to see its cities.');
  await selectButton(page, 'New York').click();
  await selectButton(page, 'New York City').click();
  await selectButton(page, 'Manhattan').click();
  await expect(item(page, 'area', 'Midtown')).toContainText('10001, 10016 +2');
  await expect(item(page, 'area', 'Lower East Side')).toBeVisible();
  await expect(selectButton(page, 'Manhattan')).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'geography-cascade');

  // Back up: another state loads its cities and clears the city, borough and area selections.
  await selectButton(page, 'New Jersey').click();
  await expect(item(page, 'city', 'Jersey City')).toBeVisible();
  await expect(item(page, 'city', 'Newark')).toBeVisible();
  await expectCleared(page, 'borough', 'Select a city to see its boroughs.');
  await expectCleared(page, 'area', 'Select a borough to see its areas.');

  // Selecting the state again keeps it and still clears everything below.
  await selectButton(page, 'New York').click();
  await selectButton(page, 'New York City').click();
  await selectButton(page, 'Brooklyn').click();
  await expect(item(page, 'area', 'Brooklyn Navy Yard')).toContainText('Tax 4.5%');
  await item(page, 'state', 'New York').click();
  await expect(item(page, 'city', 'New York City')).toBeVisible();
  await expect(column(page, 'city').locator('[data-selected="true"]')).toHaveCount(0);
  await expectCleared(page, 'borough', 'Select a city to see its boroughs.');

  // Pressing the selected country's button clears it (an id of 0): every lower list clears.
  await expect(selectButton(page, 'United States')).toHaveAttribute('aria-pressed', 'true');
  await selectButton(page, 'United States').click();
  await expectCleared(page, 'state', 'Select a country to see its states.');
  await expectCleared(page, 'city', 'Select a state to see its cities.');
  await expectCleared(page, 'borough', 'Select a city to see its boroughs.');
  await expectCleared(page, 'area', 'Select a borough to see its areas.');

  // Keyboard: Tab reaches the select button, Enter selects.
  await editButton(page, 'United States').focus();
  await page.keyboard.press('Tab');
  await expect(selectButton(page, 'United States')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(item(page, 'state', 'California')).toBeVisible();
});

test('edit a rate and see it after a reload; deleting a state with cities is refused', async ({ page, baseURL }) => {
  await openManager(page);
  await selectButton(page, 'United States').click();
  await selectButton(page, 'California').click();
  await selectButton(page, 'Los Angeles').click();
  await expect(item(page, 'city', 'Los Angeles')).toContainText('Tax 9.5%');

  await editButton(page, 'Los Angeles').click();
  const dialog = page.getByRole('dialog', { name: 'Edit city' });
  await expect(dialog.getByLabel('Tax rate')).toHaveValue('9.5');
  await expect(dialog.getByLabel('Shipping fee')).toHaveValue('14');
  await dialog.getByLabel('Tax rate').fill('9.12345');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog.getByText('Tax rate may have at most 4 decimals')).toBeVisible();
  await dialog.getByLabel('Tax rate').fill('9.75');
  await expect(dialog.getByText('Tax rate may have at most 4 decimals')).toBeHidden();
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'City "Los Angeles" updated.')).toBeVisible();
  await expect(item(page, 'city', 'Los Angeles')).toContainText('Tax 9.75%');

  // The selection is in the URL: a reload comes back to the same columns, with the new rate.
  await page.reload();
  await expect(item(page, 'city', 'Los Angeles')).toContainText('Tax 9.75%');
  await expect(selectButton(page, 'Los Angeles')).toHaveAttribute('aria-pressed', 'true');
  await expect(item(page, 'borough', 'Downtown')).toBeVisible();
  const token = await adminToken(baseURL!);
  const lookup = await api<{ taxRate: number; taxLevel: string }>(
    baseURL!,
    token,
    '/api/geography/lookup?country=US&state=CA&city=Los%20Angeles&zip=90028',
  );
  expect(lookup).toMatchObject({ taxRate: 9.75, taxLevel: 'city' });
  await shot(page, 'geography-rate-after-reload');

  // Delete is offered in the edit modal, with a confirmation; a state with cities is refused.
  await editButton(page, 'California').click();
  const stateDialog = page.getByRole('dialog', { name: 'Edit state' });
  await stateDialog.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('Are you sure to delete this state?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'The state "California" has 2 cities; delete them first.')).toBeVisible();
  await shot(page, 'geography-delete-refused');
  await stateDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(stateDialog).toBeHidden();

  // An area has no children: it goes after the confirmation, and its list reloads.
  await selectButton(page, 'Downtown').click();
  await editButton(page, 'Arts District').click();
  const areaDialog = page.getByRole('dialog', { name: 'Edit area' });
  await areaDialog.getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(areaDialog).toBeHidden();
  await expect(toast(page, 'Area "Arts District" deleted.')).toBeVisible();
  await expect(item(page, 'area', 'Arts District')).toHaveCount(0);
  await expect(item(page, 'area', 'Financial District')).toBeVisible();
});
