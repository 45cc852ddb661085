import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { expect as baseExpect, test } from '@playwright/test';
import { brokenWorkbook } from '../../services/crm/test/broken-workbook';
import { shot, shots, signIn, toast } from './fixtures';

// What a user sees when a lead sheet cannot be imported, whole or in part: a sheet without a header row, a damaged
// workbook, and a sheet with bad rows among good ones (whose failed rows download as a sheet of their own).

// The shared test machine can be busy: give each expectation more time than the default.
const expect = baseExpect.configure({ timeout: 30_000 });

const run = Math.random().toString(36).slice(2, 7);
const dir = mkdtempSync(join(tmpdir(), 'crm-e2e-'));

test.describe.configure({ timeout: 240_000 });

test('a failed extraction shows "Extract Data Error" and keeps the message on the file in red', async ({ page }) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (let i = 0; i < 25; i++) sheet.addRow([`Somebody ${i}`, `somebody${i}@example.com`]);
  const path = join(dir, `no-header-${run}.xlsx`);
  writeFileSync(path, Buffer.from(await workbook.xlsx.writeBuffer()));

  await signIn(page);
  await page.goto('/admin/leads');
  await page.getByRole('button', { name: 'Upload Excel Sheet' }).click();
  const uploader = page.getByTestId('upload-dialog');
  await uploader.getByLabel('Choose xlsx files').setInputFiles([
    {
      name: `no-header-${run}.xlsx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: readFileSync(path),
    },
    { name: 'notes.pdf', mimeType: 'application/pdf', buffer: readFileSync(path) },
  ]);
  await expect(uploader.getByText('Only .xlsx spreadsheets are accepted.')).toBeVisible();
  await expect(uploader.getByText('Uploaded')).toBeVisible();
  await uploader.getByRole('button', { name: 'Close' }).last().click();

  const row = page.getByTestId('pending-file').filter({ hasText: `no-header-${run}.xlsx` });
  await row.getByRole('button', { name: /^Extract/ }).click();
  await expect(toast(page, 'Extract Data Error')).toContainText('No header row was found', { timeout: 120_000 });
  const message = row.getByTestId('pending-message');
  await expect(message).toContainText('Expected headers: SSN, First Name');
  const color = await message.evaluate((element) => getComputedStyle(element).color);
  const [red, green] = color.match(/\d+/g)!.map(Number);
  expect(red).toBeGreaterThan(150);
  expect(green).toBeLessThan(100);
  await shot(page, 'crm-extract-failed');

  await row.getByRole('button', { name: `Clear no-header-${run}.xlsx` }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Clear' }).click();
  await expect(row).toBeHidden();

  // A damaged workbook, and a sheet with two bad rows among good ones.
  const mixed = new ExcelJS.Workbook();
  const leads = mixed.addWorksheet('Leads');
  leads.addRow(['First Name', 'Last Name', 'Email']);
  for (let i = 0; i < 3; i++) leads.addRow([`Mixed${i}`, `Row${run}`, `mixed${i}.${run}@example.com`]);
  leads.addRow(['', '', `nameless.${run}@example.com`]);
  leads.addRow([`Bad`, `Mail${run}`, 'not-an-email']);
  await page.getByRole('button', { name: 'Upload Excel Sheet' }).click();
  await uploader.getByLabel('Choose xlsx files').setInputFiles([
    {
      name: `damaged-${run}.xlsx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: brokenWorkbook(),
    },
    {
      name: `mixed-${run}.xlsx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await mixed.xlsx.writeBuffer()),
    },
  ]);
  await expect(uploader.getByText('Uploaded')).toHaveCount(2);
  await uploader.getByRole('button', { name: 'Close' }).last().click();

  const damaged = page.getByTestId('pending-file').filter({ hasText: `damaged-${run}.xlsx` });
  await damaged.getByRole('button', { name: /^Extract/ }).click();
  await expect(damaged.getByTestId('pending-message')).toHaveText(
    'This file is not a readable Excel spreadsheet: part of it is damaged. Open it in Excel, save it as an Excel Workbook (.xlsx) and upload it again.',
    { timeout: 120_000 },
  );

  const mixedRow = page.getByTestId('pending-file').filter({ hasText: `mixed-${run}.xlsx` });
  await mixedRow.getByRole('button', { name: /^Extract/ }).click();
  const outcome = page.getByTestId('import-result').filter({ hasText: `mixed-${run}.xlsx` });
  await expect(outcome.getByTestId('import-counts')).toHaveText('3 imported · 2 failed', { timeout: 120_000 });
  await shots(page, 'crm-extract-failed-rows');
  const downloadPromise = page.waitForEvent('download');
  await outcome.getByRole('button', { name: 'Download failed rows' }).click();
  const failedRows = await downloadPromise;
  expect(failedRows.suggestedFilename()).toBe(`mixed-${run} - failed rows.xlsx`);
  await expect(toast(page, 'Downloaded')).toContainText(`mixed-${run} - failed rows.xlsx`);
  const saved = new ExcelJS.Workbook();
  await saved.xlsx.readFile(await failedRows.path());
  expect(saved.worksheets[0].actualRowCount - 1).toBe(2);
  // The group's own row says the same with a button that says what it does.
  const group = page.getByTestId('lead-group').filter({ hasText: `mixed-${run}` });
  await expect(group.getByRole('button', { name: 'Download failed rows (2)' })).toBeVisible();

  await damaged.getByRole('button', { name: `Clear damaged-${run}.xlsx` }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Clear' }).click();
  await expect(damaged).toBeHidden();
});
