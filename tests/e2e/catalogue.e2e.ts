import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminToken, api, shot, signIn } from './fixtures';
import { png, type Rgb } from './png';

/** A soft gradient between two colours, width x height, to upload as a catalogue image. */
function gradientPng(width: number, height: number, from: Rgb, to: Rgb): Buffer {
  return png(width, height, (x, y) => {
    const t = (x / width + y / height) / 2;
    return [0, 1, 2].map((c) => Math.round(from[c] + (to[c] - from[c]) * t)) as Rgb;
  });
}

// The tests build on each other (files defined first are required, then deleted), and walk long flows.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const run = Date.now().toString(36).slice(-5);
const ROOT = `Immigration ${run}`;
const CHILD = `Visas ${run}`;
const SERVICE = `Tourist visa ${run}`;
const PASSPORT = `Passport copy ${run}`;
const STATEMENT = `Bank statement ${run}`;
const BRANCH = `Downtown office ${run}`;

async function pick(page: Page, dialog: Locator, label: string, option: string): Promise<void> {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

async function confirmDialog(page: Page, message: string, answer: 'Delete' | 'Cancel', names?: string): Promise<void> {
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(message);
  // A delete prompt names what it deletes.
  if (names) await expect(confirm.getByRole('heading')).toHaveText(names);
  await confirm.getByRole('button', { name: answer }).click();
  await expect(confirm).toBeHidden();
}

test('an unknown category shows a way back', async ({ page }) => {
  await signIn(page, undefined, undefined, '/admin/services/99999999');
  await expect(page.getByTestId('category-not-found')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Services' }).click();
  await expect(page).toHaveURL(/\/admin\/services$/);
});

test('service files: add two definitions with their types, edit one, refuse an empty name', async ({ page }) => {
  await signIn(page);
  await page.getByTestId('tile-services-files').click();
  await expect(page).toHaveURL(/\/admin\/services-files$/);
  await expect(page.getByRole('heading', { name: 'Service files' })).toBeVisible();

  await page.getByRole('button', { name: 'Add File' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Add file' });
  // Nothing is flagged on opening, nor when focus leaves a field that was not edited.
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByText('Name is required.')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Name is required.')).toBeVisible();
  await dialog.getByLabel('Name').fill(PASSPORT);
  await pick(page, dialog, 'Allowed types', 'Image');
  await pick(page, dialog, 'Allowed types', 'PDF');
  await shot(page, 'catalogue-service-file-form');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Add File' }).first().click();
  dialog = page.getByRole('dialog', { name: 'Add file' });
  await dialog.getByLabel('Name').fill(`Bank statment ${run}`);
  await pick(page, dialog, 'Allowed types', 'Spreadsheet');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();

  const typo = page.getByRole('row', { name: new RegExp(`Bank statment ${run}`) });
  await typo.getByRole('button', { name: /^Edit/ }).click();
  dialog = page.getByRole('dialog', { name: `Edit Bank statment ${run}` });
  await dialog.getByLabel('Name').fill(STATEMENT);
  await pick(page, dialog, 'Allowed types', 'PDF');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row', { name: new RegExp(STATEMENT) });
  await expect(row).toContainText('PDF');
  await expect(row).toContainText('Spreadsheet');
  await expect(page.getByRole('row', { name: new RegExp(PASSPORT) })).toContainText('Image');
  await shot(page, 'catalogue-service-files');
});

test('services: build a two-level tree, add a service with an image and required files, walk in and out, edit, delete', async ({
  page,
  baseURL,
}) => {
  // A branch to offer the service at (scheduling): a set-up that fails fails the test.
  const token = await adminToken(baseURL!);
  const branch = await api<{ id: number }>(baseURL!, token, '/api/branches', {
    json: { name: BRANCH, phoneNumber: '+1 212 555 0100', address: '1 Main Street, New York', type: 'Branch', countryCCN3: '840' },
  });

  await signIn(page);
  await page.getByTestId('tile-services').click();
  await expect(page).toHaveURL(/\/admin\/services$/);
  await expect(page.getByRole('heading', { name: 'Services', level: 1 })).toBeVisible();

  // Add Service is disabled until a category is open.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Add Service' })).toBeDisabled();
  await page.getByRole('menuitem', { name: 'Add Category' }).click();

  let dialog = page.getByRole('dialog', { name: 'Add category' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Name is required.')).toBeVisible();
  await expect(dialog.getByText('Description is required.')).toBeVisible();
  await dialog.getByLabel('Name').fill(ROOT);
  await dialog.getByLabel('Description').fill('Visas, residency and citizenship paperwork.');
  await dialog.getByTestId('image-input').setInputFiles({
    name: 'immigration.png',
    mimeType: 'image/png',
    buffer: gradientPng(320, 200, [15, 108, 189], [130, 200, 240]),
  });
  await expect(dialog.getByRole('img', { name: 'Images 1' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();

  const rootRow = page.getByRole('row', { name: new RegExp(ROOT) });
  await expect(rootRow).toBeVisible();
  await shot(page, 'catalogue-services-root');
  await rootRow.getByRole('link', { name: `Open ${ROOT}` }).click();
  await expect(page.getByRole('heading', { name: ROOT, level: 1 })).toBeVisible();
  await expect(page.getByText('No subcategories here.')).toBeVisible();

  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Add Category' }).click();
  dialog = page.getByRole('dialog', { name: 'Add category' });
  await expect(dialog).toContainText(`Inside “${ROOT}”`);
  await dialog.getByLabel('Name').fill(CHILD);
  await dialog.getByLabel('Description').fill('Tourist, business and student visas.');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();

  await page
    .getByRole('row', { name: new RegExp(CHILD) })
    .getByRole('link', { name: `Open ${CHILD}` })
    .click();
  await expect(page.getByRole('heading', { name: CHILD, level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Category path' })).toContainText(ROOT);
  await expect(page.getByText('No services in this category yet.')).toBeVisible();

  // The service form: the product's flags, then every field.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Add Service' }).click();
  dialog = page.getByRole('dialog', { name: 'Add service' });
  await expect(dialog.getByRole('spinbutton', { name: /^Price(?! before)/ })).toHaveValue('');
  await expect(dialog.getByLabel('Price before')).toHaveValue('');
  await expect(dialog.getByText('Name is required.')).toHaveCount(0);
  await dialog.getByRole('spinbutton', { name: /^Price(?! before)/ }).fill('0');
  await dialog.getByLabel('Delivery time').fill('5');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Name is required.')).toBeVisible();
  await expect(dialog.getByText('Price must be above 0.')).toBeVisible();
  await expect(dialog.getByText('Choose the unit of the delivery time.')).toBeVisible();

  await dialog.getByLabel('Name').fill(SERVICE);
  await dialog.getByRole('spinbutton', { name: /^Price(?! before)/ }).fill('149.50');
  await dialog.getByLabel('Price before').fill('199');
  await pick(page, dialog, 'Duration', 'Days');
  await pick(page, dialog, 'Delivery type', 'Online');
  await pick(page, dialog, 'Shipping', 'UPS');
  await dialog.getByLabel('Electronical').check();
  await dialog
    .getByLabel('Description', { exact: true })
    .fill('We prepare and file your tourist visa application and book the appointment.');
  const arabic = dialog.getByLabel('Arabic description');
  await expect(arabic).toHaveAttribute('dir', 'rtl');
  await arabic.fill('نقوم بإعداد طلب التأشيرة السياحية وتقديمه');
  await pick(page, dialog, 'Required files', PASSPORT);
  await pick(page, dialog, 'Required files', STATEMENT);
  await pick(page, dialog, 'Branches', BRANCH);
  await dialog.getByTestId('image-input').setInputFiles({
    name: 'visa.png',
    mimeType: 'image/png',
    buffer: gradientPng(480, 300, [255, 185, 0], [216, 59, 1]),
  });
  await expect(dialog.getByRole('img', { name: 'Images 1' })).toBeVisible();
  await shot(page, 'catalogue-service-form');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('list', { name: 'Services' }).getByRole('listitem').filter({ hasText: SERVICE });
  await expect(card).toContainText('$149.50');
  await expect(card).toContainText('$199.00');
  await expect(card).toContainText('Delivery in 5 days · Online');
  await expect(card).toContainText('2 required files');
  await expect(card.getByRole('img', { name: SERVICE })).toBeVisible();
  await shot(page, 'catalogue-services-category');

  // The saved service carries what the form sent.
  const [saved] = await api<{ serviceFiles: { name: string }[]; branches: number[]; description_Ar: string; shippingType: string }[]>(
    baseURL!,
    token,
    `/api/services?categoryId=${page.url().split('/').pop()}`,
  );
  expect(saved.serviceFiles.map((f) => f.name)).toEqual([STATEMENT, PASSPORT]);
  expect(saved.description_Ar).toBe('نقوم بإعداد طلب التأشيرة السياحية وتقديمه');
  expect(saved.shippingType).toBe('UPS');
  expect(saved.branches).toEqual([branch.id]);

  // Edit: the form opens with the saved values.
  await card.getByRole('button', { name: `Edit ${SERVICE}` }).click();
  dialog = page.getByRole('dialog', { name: `Edit ${SERVICE}` });
  await expect(dialog.getByRole('spinbutton', { name: /^Price(?! before)/ })).toHaveValue('149.5');
  await expect(dialog.getByRole('combobox', { name: 'Duration' })).toHaveText('Days');
  await expect(dialog.getByTestId('service-required-files')).toContainText(PASSPORT);
  await dialog.getByLabel('Name').fill(`${SERVICE} express`);
  await dialog.getByRole('spinbutton', { name: /^Price(?! before)/ }).fill('179');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog).toBeHidden();
  const edited = page
    .getByRole('list', { name: 'Services' })
    .getByRole('listitem')
    .filter({ hasText: `${SERVICE} express` });
  await expect(edited).toContainText('$179.00');

  // Out to the parent with the back button, then to the top.
  await page.getByRole('link', { name: `Back to ${ROOT}` }).click();
  await expect(page.getByRole('heading', { name: ROOT, level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(CHILD) })).toContainText('1 service');
  await page.getByRole('link', { name: 'Back to all categories' }).click();
  await expect(page).toHaveURL(/\/admin\/services$/);
  await expect(page.getByRole('row', { name: new RegExp(ROOT) })).toContainText('1 subcategory');

  // A category that is not empty cannot be deleted.
  await page
    .getByRole('row', { name: new RegExp(ROOT) })
    .getByRole('button', { name: `Delete ${ROOT}` })
    .click();
  await confirmDialog(page, 'are you sure to delete this category?', 'Delete');
  await expect(page.getByText('This category still has 1 subcategory. Delete or move them first.', { exact: true })).toBeVisible();
  await shot(page, 'catalogue-delete-refused');

  // Back in, delete the service (a cancelled confirmation first), then both categories.
  await page
    .getByRole('row', { name: new RegExp(ROOT) })
    .getByRole('link', { name: `Open ${ROOT}` })
    .click();
  await page
    .getByRole('row', { name: new RegExp(CHILD) })
    .getByRole('link', { name: `Open ${CHILD}` })
    .click();
  await edited.getByRole('button', { name: /^Delete/ }).click();
  await confirmDialog(page, 'are you sure to delete this service?', 'Cancel');
  await expect(edited).toBeVisible();
  await edited.getByRole('button', { name: /^Delete/ }).click();
  await confirmDialog(page, 'are you sure to delete this service?', 'Delete', `Delete service “${SERVICE} express”?`);
  await expect(edited).toBeHidden();
  await expect(page.getByText('No services in this category yet.')).toBeVisible();

  await page.getByRole('link', { name: `Back to ${ROOT}` }).click();
  await page
    .getByRole('row', { name: new RegExp(CHILD) })
    .getByRole('button', { name: `Delete ${CHILD}` })
    .click();
  await confirmDialog(page, 'are you sure to delete this category?', 'Delete', `Delete category “${CHILD}”?`);
  await expect(page.getByText('No subcategories here.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to all categories' }).click();
  await page
    .getByRole('row', { name: new RegExp(ROOT) })
    .getByRole('button', { name: `Delete ${ROOT}` })
    .click();
  await confirmDialog(page, 'are you sure to delete this category?', 'Delete');
  await expect(page.getByRole('row', { name: new RegExp(ROOT) })).toBeHidden();
});

test('service files: a file no service requires any more is deleted after the confirmation', async ({ page }) => {
  await signIn(page, undefined, undefined, '/admin/services-files');
  const row = page.getByRole('row', { name: new RegExp(PASSPORT) });
  await expect(row).toContainText('No service');
  await row.getByRole('button', { name: /^Delete/ }).click();
  await confirmDialog(page, 'are you sure to delete this service file?', 'Delete');
  await expect(row).toBeHidden();
});

test('form dialogs at 1280 and 390 px: nothing flagged on opening, ✕ and Escape close, Save flags the empty name', async ({ page }) => {
  await signIn(page, undefined, undefined, '/admin/services-files');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.getByRole('button', { name: 'Add File' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add file' });
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await expect(dialog.getByText('Name is required.')).toHaveCount(0);
    await shot(page, `form-dialog-open-${width}`);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Name is required.')).toBeVisible();
    await shot(page, `form-dialog-flagged-${width}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Add File' }).first().click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  }
});
