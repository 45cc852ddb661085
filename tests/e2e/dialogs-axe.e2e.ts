import { expect, test, type Page } from '@playwright/test';
import { noSeriousAxeViolations, openFromNav, shot, signIn } from './fixtures';

/*
 * Every kind of dialog the console opens, checked by axe with the dialog open: light at a desktop, dark on a phone
 * (where a dialog is a full-screen sheet). Each one also closes with Escape and gives focus back to what opened it.
 */

interface DialogCase {
  name: string;
  path: string;
  /** Opens the dialog; answers the element focus should return to once it closes. */
  open(page: Page): Promise<ReturnType<Page['locator']>>;
}

const byButton =
  (name: string): DialogCase['open'] =>
  async (page) => {
    const button = page.getByRole('button', { name, exact: true }).first();
    await button.click();
    return button;
  };

const DIALOGS: DialogCase[] = [
  { name: 'add-user', path: '/admin/users', open: byButton('Add user') },
  { name: 'add-client', path: '/admin/clients', open: byButton('Add client') },
  { name: 'new-subscription', path: '/admin/webhooks', open: byButton('New subscription') },
  { name: 'add-branch', path: '/admin/branches', open: byButton('Add') },
  { name: 'add-review', path: '/admin/site-reviews', open: byButton('Add Review') },
  { name: 'add-file', path: '/admin/services-files', open: byButton('Add File') },
  {
    name: 'add-category',
    path: '/admin/services',
    open: async (page) => {
      const menu = page.getByRole('button', { name: 'Add', exact: true });
      await menu.click();
      await page.getByRole('menuitem', { name: 'Add Category' }).click();
      return menu;
    },
  },
  {
    name: 'client-service-detail',
    path: '/admin/clients-services',
    open: async (page) => {
      const row = page.locator('[role="row"][tabindex], [data-testid="table-cards"] li[tabindex]').first();
      await row.click();
      return row;
    },
  },
  {
    name: 'delete-confirmation',
    path: '/admin/clients',
    open: async (page) => {
      const more = page.getByRole('button', { name: /^More actions for / }).first();
      if (await more.isVisible()) {
        await more.click();
        await page.getByRole('menuitem', { name: 'Delete' }).click();
        return more;
      }
      const remove = page.getByRole('button', { name: /^Delete/ }).first();
      await remove.click();
      return remove;
    },
  },
];

for (const size of [
  { label: 'desktop, light', width: 1280, height: 800, scheme: 'light' as const },
  { label: 'phone, dark', width: 390, height: 844, scheme: 'dark' as const },
]) {
  test(`every kind of dialog at a ${size.label}: no serious axe violation, Escape closes it and focus returns`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.emulateMedia({ colorScheme: size.scheme });
    await signIn(page);
    for (const item of DIALOGS) {
      await openFromNav(page, item.path, { drawer: size.width < 600 });
      const opener = await item.open(page);
      const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog')).first();
      await expect(dialog, `${item.name}: opens`).toBeVisible();
      await noSeriousAxeViolations(page, `${item.name} (${size.label})`);
      await shot(page, `dialog-${item.name}-${size.scheme}`);
      // Untouched, every form closes on Escape without a question.
      await page.keyboard.press('Escape');
      await expect(dialog, `${item.name}: Escape closes it`).toBeHidden();
      // Focus goes back to what opened the dialog (for a clicked row, to the row or the cell in it that was clicked).
      await expect(opener, `${item.name}: what opened it is still there`).toBeVisible();
      await expect
        .poll(() => opener.evaluate((element) => element.contains(document.activeElement)), { message: `${item.name}: focus returns` })
        .toBe(true);
    }
  });
}
