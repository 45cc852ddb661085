import { expect, test, type Page } from '@playwright/test';
import type { WebArticle } from '@backoffice/contracts';
import { adminToken, api, shot, signIn } from './fixtures';
import { png, type Rgb } from './png';

/** Diagonal stripes of two colours, width x height, to upload as an article image. */
const stripesPng = (width: number, height: number, a: Rgb, b: Rgb) =>
  png(width, height, (x, y) => (Math.floor((x + y) / 24) % 2 === 0 ? a : b));

// Long flows (the rich-text editor, uploads) on shared, busy machines: more time than the default minute.
test.describe.configure({ timeout: 180_000 });

const run = Date.now().toString(36).slice(-5);
const MEMBER = `Nadia Rahman ${run}`;
const REVIEWER = `Peter Novak ${run}`;

const editable = (page: Page) => page.getByRole('textbox', { name: /Full description/ });

test('a Team article: bold text, a list and an image in CKEditor, saved, reopened, made inactive and deleted', async ({
  page,
  baseURL,
}) => {
  await signIn(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Web pages', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/web$/);
  for (const name of ['About', 'Team', 'Make Money With Us', 'Privacy policy', 'Terms', 'Contacts']) {
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await shot(page, 'content-web-menu');

  await page.getByRole('link', { name: 'Team', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/web\/Team$/);
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add New' }).first().click();

  const dialog = page.getByRole('dialog', { name: 'New article' });
  await expect(dialog).toBeVisible();
  // A new article starts active, with an empty name and no images.
  await expect(dialog.getByRole('switch', { name: 'Active' })).toBeChecked();
  await expect(dialog.getByLabel(/^Name\b/)).toHaveValue('');
  await expect(dialog.getByRole('list', { name: 'Pictures' }).getByRole('img')).toHaveCount(0);
  // The hidden parts of the product's form.
  await expect(dialog.getByText('Display at home page?')).toHaveCount(0);
  await expect(dialog.getByLabel(/video/i)).toHaveCount(0);

  // Saving without a name is refused on the field.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name is required.')).toBeVisible();

  await dialog.getByLabel(/^Name\b/).fill(MEMBER);
  await dialog.getByLabel('Short description', { exact: true }).fill('Partnerships lead. Opens new partner branches.');

  // Rich text: bold words, then a bulleted list, then an uploaded image.
  const editor = editable(page);
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await editor.click();
  await dialog.getByRole('button', { name: 'Bold', exact: true }).click();
  await page.keyboard.type('Ten years in partnerships.');
  await dialog.getByRole('button', { name: 'Bold', exact: true }).click();
  await page.keyboard.type(' Speaks three languages.');
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Bulleted List', exact: true }).click();
  await page.keyboard.type('English');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Arabic');
  await page.keyboard.press('Enter');
  await page.keyboard.type('French');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter'); // leaves the list
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Upload image from computer' }).click();
  await (
    await chooser
  ).setFiles({ name: 'office.png', mimeType: 'image/png', buffer: stripesPng(480, 240, [15, 108, 189], [222, 236, 249]) });
  await expect(editor.locator('img[src^="/api/catalogue/files/"]')).toHaveCount(1, { timeout: 15_000 });
  await expect(editor.locator('strong')).toHaveText('Ten years in partnerships.');
  await expect(editor.locator('li')).toHaveText(['English', 'Arabic', 'French']);
  await expect(dialog.getByTestId('word-count')).toContainText(/\b1[0-9] words\b/);

  // Pictures (gif, jpeg, png) go to the same file store.
  await dialog.getByTestId('article-images-input').setInputFiles({
    name: 'portrait.png',
    mimeType: 'image/png',
    buffer: stripesPng(240, 240, [196, 49, 75], [250, 220, 226]),
  });
  await expect(dialog.getByRole('img', { name: 'Pictures 1' })).toBeVisible();
  await dialog
    .getByTestId('article-images-input')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(dialog.getByText('Only GIF, JPEG and PNG images can be used.')).toBeVisible();

  await dialog.getByLabel('Meta title', { exact: true }).fill(`${MEMBER} | Our team`);
  await dialog.getByLabel('Meta description', { exact: true }).fill('Meet our partnerships lead.');
  await dialog.getByLabel('Tags', { exact: true }).fill('partners, leadership, partners');
  await expect(dialog.getByLabel('Tags preview')).toContainText('leadership');
  await shot(page, 'content-article-form');

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('article-card').filter({ hasText: MEMBER });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Partnerships lead. Opens new partner branches.');
  await expect(card).toContainText('partners');
  await expect(card).toContainText('leadership');
  await expect(card).toHaveAttribute('data-active', 'true');
  await shot(page, 'content-team-articles');

  // What the server stored: sanitised CKEditor markup with the bold text, the list and the image.
  const token = await adminToken(baseURL!);
  const stored = (await api<WebArticle[]>(baseURL!, token, '/api/web-pages/Team/articles')).find((a) => a.title === MEMBER)!;
  expect(stored.fullDescription).toContain('<strong>Ten years in partnerships.</strong>');
  expect(stored.fullDescription).toMatch(/<ul><li>English<\/li><li>Arabic<\/li><li>French<\/li><\/ul>/);
  expect(stored.fullDescription).toMatch(/<img[^>]+src="\/api\/catalogue\/files\/[0-9a-f-]{36}"/);
  expect(stored).toMatchObject({
    active: true,
    isHome: true,
    tags: 'partners,leadership',
    images: [expect.stringMatching(/^\/api\/catalogue\/files\//)],
  });

  // Reopen: the content is back in the editor.
  await card.getByRole('button', { name: `Edit ${MEMBER}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit article' });
  await expect(edit.getByLabel(/^Name\b/)).toHaveValue(MEMBER);
  await expect(editable(page).locator('strong')).toHaveText('Ten years in partnerships.', { timeout: 20_000 });
  await expect(editable(page).locator('li')).toHaveText(['English', 'Arabic', 'French']);
  await expect(editable(page).locator('img[src^="/api/catalogue/files/"]')).toHaveCount(1);
  await expect(edit.getByRole('img', { name: 'Pictures 1' })).toBeVisible();
  await shot(page, 'content-article-reopened');

  // Make it inactive: the card is dimmed.
  await edit.getByRole('switch', { name: 'Active' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(card).toHaveAttribute('data-active', 'false');
  await expect(card).toContainText('Inactive');
  await expect(card).toHaveCSS('opacity', '0.5');
  await shot(page, 'content-team-inactive');

  // Reopened, the form shows what was just saved; Cancel without changes closes at once.
  await card.getByRole('button', { name: `Edit ${MEMBER}` }).click();
  await expect(edit.getByRole('switch', { name: 'Active' })).not.toBeChecked();
  await expect(editable(page).locator('li')).toHaveCount(3, { timeout: 20_000 });
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  // Delete after the confirmation.
  await card.getByRole('button', { name: `Delete ${MEMBER}` }).click();
  const question = page.getByRole('dialog', { name: `Delete article “${MEMBER}”?` });
  await expect(question).toContainText('Are you sure to delete this article?');
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(card).toHaveCount(0);
});

test('the article form follows the page, cancel asks before losing edits, and an empty page says EMPTY', async ({ page, baseURL }) => {
  const token = await adminToken(baseURL!);
  for (const article of await api<WebArticle[]>(baseURL!, token, '/api/web-pages/MakeMoneyWithUs/articles')) {
    await api(baseURL!, token, `/api/web-pages/articles/${article.id}`, { method: 'DELETE' });
  }
  await signIn(page, undefined, undefined, '/admin/web/MakeMoneyWithUs');
  await expect(page.getByRole('heading', { name: 'Make Money With Us', level: 1 })).toBeVisible();
  await expect(page.getByText('EMPTY', { exact: true })).toBeVisible();
  await shot(page, 'content-empty-page');

  // About: title instead of name, with the rich text, images and SEO sections.
  await page.goto('/admin/web/About');
  await page.getByRole('button', { name: 'Add New' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'New article' });
  await expect(dialog.getByLabel(/^Title\b/)).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Images' })).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'SEO' })).toBeVisible();
  await expect(editable(page)).toBeVisible({ timeout: 20_000 });
  await dialog.getByLabel(/^Title\b/).fill('Draft that will be discarded');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const question = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(question).toContainText('Are you sure to cancel edit?');
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('article-card').filter({ hasText: 'Draft that will be discarded' })).toHaveCount(0);

  // Contacts: the name only.
  await page.goto('/admin/web/Contacts');
  await page.getByRole('button', { name: 'Add New' }).first().click();
  dialog = page.getByRole('dialog', { name: 'New article' });
  await expect(dialog.getByLabel(/^Name\b/)).toBeVisible();
  await expect(dialog.getByLabel('Short description', { exact: true })).toHaveCount(0);
  await expect(dialog.getByTestId('rich-text-editor')).toHaveCount(0);
  await expect(dialog.getByRole('region', { name: 'SEO' })).toHaveCount(0);
  await dialog.getByLabel(/^Name\b/).fill(`WhatsApp: +1 555 01${run.slice(0, 2)}`);
  await dialog.getByLabel('Sort', { exact: true }).fill('9');
  await shot(page, 'content-contacts-form');
  await dialog.getByLabel(/^Name\b/).press('Enter');
  await expect(dialog).toBeHidden();
  const cards = page.getByTestId('article-card');
  await expect(cards.last()).toContainText('WhatsApp');
  await expect(cards.last()).toContainText('#9');

  // An unknown page is a 404 inside the shell.
  await page.goto('/admin/web/Blog');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('site reviews: add a review in the modal, see its card, edit it by clicking the card', async ({ page }) => {
  await signIn(page, undefined, undefined, '/admin/site-reviews');
  await expect(page.getByRole('heading', { name: 'Site reviews', level: 1 })).toBeVisible();
  await shot(page, 'content-site-reviews');

  await page.getByRole('button', { name: 'Add Review' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Add Review' });
  await expect(dialog).toBeVisible();
  // Rate defaults to 5.
  await expect(dialog.getByText('5 of 5')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name is required.')).toBeVisible();
  await expect(dialog.getByText('Review is required.')).toBeVisible();

  await dialog.getByLabel(/^Name\b/).fill(REVIEWER);
  await dialog.getByLabel(/^Review\b/).fill('Fast, friendly and precise. My residency papers were ready in three days.');
  await dialog.getByRole('radio', { name: '4 stars' }).click();
  await expect(dialog.getByText('4 of 5')).toBeVisible();
  await dialog.getByLabel('Source', { exact: true }).fill('Google');
  await dialog.getByLabel('Link', { exact: true }).fill('https://maps.example.com/review/42');
  await shot(page, 'content-review-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByTestId('review-card').filter({ hasText: REVIEWER });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: '4 of 5 stars' })).toBeVisible();
  await expect(card).toContainText('residency papers');
  await expect(card.getByRole('link', { name: /Google/ })).toHaveAttribute('href', 'https://maps.example.com/review/42');
  await shot(page, 'content-site-reviews-added');

  // Clicking the card edits it.
  await card.getByText('residency papers').click();
  dialog = page.getByRole('dialog', { name: 'Edit review' });
  await expect(dialog.getByLabel(/^Name\b/)).toHaveValue(REVIEWER);
  await expect(dialog.getByText('4 of 5')).toBeVisible();
  await dialog.getByLabel(/^Review\b/).fill('Fast, friendly and precise. Ready in two days, not three.');
  await dialog.getByRole('radio', { name: '5 stars' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Ready in two days');
  await expect(card.getByRole('img', { name: '5 of 5 stars' })).toBeVisible();

  // Search narrows the cards (on the server).
  await page.getByRole('searchbox', { name: 'Search reviews' }).fill(REVIEWER);
  await expect(page.getByTestId('review-card')).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search reviews' }).fill('');

  // A failed insert says "insert error" with the serialised error.
  await page.route('**/api/site-reviews', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 503,
          contentType: 'application/problem+json',
          body: JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'The catalogue is restarting.' }),
        })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Add Review' }).first().click();
  dialog = page.getByRole('dialog', { name: 'Add Review' });
  await dialog.getByLabel(/^Name\b/).fill('Nobody');
  await dialog.getByLabel(/^Review\b/).fill('Will not be saved.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('insert error', { exact: true })).toBeVisible();
  await expect(page.getByText('The catalogue is restarting.', { exact: true })).toBeVisible();
  // The dialog stays open and says it too, above the fields.
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('form-error')).toContainText('The catalogue is restarting.');
  await shot(page, 'content-review-dialog-save-failed');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.unroute('**/api/site-reviews');

  // Delete from the editor, after the confirmation.
  await card.getByRole('button', { name: `Edit the review by ${REVIEWER}` }).click();
  dialog = page.getByRole('dialog', { name: 'Edit review' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: `Delete review “${REVIEWER}”?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(card).toHaveCount(0);
});
