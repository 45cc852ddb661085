import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { LEAD_TEMPLATE_HEADERS } from '@backoffice/contracts';
import { adminToken, api, localDay, logout, serviceDatabase, shot, shots, signIn, toast, userToken } from './fixtures';

// The shared test machine can be busy: give each expectation more time than the default.
const expect = baseExpect.configure({ timeout: 30_000 });

const run = Math.random().toString(36).slice(2, 7);
const AGENT = { name: `Sam Seller ${run}`, email: `sam.seller.${run}@example.com`, password: 'Agent-pass-42' };
const FILE = `leads-${run}.xlsx`;
const ROWS = 1500;
const dir = mkdtempSync(join(tmpdir(), 'crm-e2e-'));

test.describe.configure({ mode: 'serial', timeout: 240_000 });

const AGENT2 = { name: `Zoe Closer ${run}`, email: `zoe.closer.${run}@example.com`, password: 'Agent-pass-43' };
const MANAGER = { name: `Meg Manager ${run}`, email: `meg.manager.${run}@example.com`, password: 'Manager-pass-44' };

test.beforeAll(async ({ baseURL }) => {
  const token = await adminToken(baseURL!);
  for (const [user, roles] of [
    [AGENT, ['Salesagent']],
    [AGENT2, ['Salesagent']],
    [MANAGER, ['Manager']],
  ] as const) {
    await api(baseURL!, token, '/api/identity/users', {
      method: 'POST',
      json: { name: user.name, email: user.email, password: user.password, roles },
    });
  }
});

/** Closes the lead's side panel with its Close button and waits for it to go. */
async function closePanel(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('lead-panel')).toBeHidden();
}

test('download the template, fill it, upload, extract with progress, open the group, page and search', async ({ page, baseURL }) => {
  await signIn(page);
  await page.goto('/admin/leads');
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
  await shot(page, 'crm-leads-empty');

  // The template: header row and example row, filled in by "the user".
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download template' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('leads-template.xlsx');
  const templatePath = join(dir, 'template.xlsx');
  await download.saveAs(templatePath);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(templatePath);
  const sheet = workbook.getWorksheet('Leads')!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...LEAD_TEMPLATE_HEADERS]);
  sheet.spliceRows(2, 1); // the example row goes
  for (let i = 0; i < ROWS; i++) {
    sheet.addRow([
      `${String(200000000 + i)}`,
      i === 777 ? 'Zelda' : `Person${i}`,
      `E2e${run}`,
      'Contoso',
      i % 2 ? 'Female' : 'Male',
      'Tacoma',
      new Date(Date.UTC(1980 + (i % 20), i % 12, 1 + (i % 28))),
      `person${i}.${run}@example.com`,
      `+1 206 ${String(5_000_000 + i).padStart(7, '0')}`,
      i % 10 === 0 ? 'Met at the fair' : '',
    ]);
  }
  const filled = join(dir, FILE);
  writeFileSync(filled, Buffer.from(await workbook.xlsx.writeBuffer()));

  // Upload; closing while the upload is still going asks first.
  let delayed = false;
  await page.route('**/api/leads/uploads', async (route) => {
    if (route.request().method() === 'POST' && !delayed) {
      delayed = true;
      await new Promise((resolve) => setTimeout(resolve, 2500));
    }
    await route.continue();
  });
  await page.getByRole('button', { name: 'Upload Excel Sheet' }).click();
  const uploader = page.getByTestId('upload-dialog');
  await expect(uploader.getByRole('heading', { name: 'Upload Excel Sheet' })).toBeVisible();
  await uploader.getByLabel('Choose xlsx files').setInputFiles(filled);
  await uploader.getByRole('button', { name: 'Cancel' }).click();
  const question = page.getByTestId('confirm-dialog');
  await expect(question.getByText('Are you sure to cancel uploads?')).toBeVisible();
  await shot(page, 'crm-upload-cancel-question');
  await question.getByRole('button', { name: 'Keep uploading' }).click();
  await expect(uploader.getByText('Uploaded')).toBeVisible();
  await shot(page, 'crm-upload-dialog');
  await uploader.getByRole('button', { name: 'Close' }).last().click();
  await expect(uploader).toBeHidden();

  const row = page.getByTestId('pending-file').filter({ hasText: FILE });
  await expect(row).toBeVisible();
  await expect(row.getByText('Ready to extract')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Extract All' })).toBeEnabled();
  await shot(page, 'crm-leads-pending');

  // Extract: a progress bar while the worker runs, then the product's toast, and the file leaves the list.
  // 1,500 rows import within one of the console's polls, so the test holds the import still: it locks the key index
  // (SHARE: reads go on, the import's key claims wait), so the worker, having read the sheet and reported its progress,
  // waits at its write. The test watches the job until the progress names rows; the console's next poll is answered
  // with that real answer and the polls after it wait until that is looked at, then the lock goes.
  const token = await adminToken(baseURL!);
  const crmDb = await serviceDatabase('crm');
  await crmDb.query('begin');
  await crmDb.query('lock table lead_keys in share mode');
  let caught: { rows?: unknown } | undefined;
  let shown = false;
  let looked: () => void = () => undefined;
  const lookedAt = new Promise<void>((resolve) => (looked = resolve));
  await page.route('**/api/leads/jobs/**', async (route) => {
    if (shown) await Promise.race([lookedAt, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    const response = await route.fetch();
    if (caught && !shown) {
      shown = true;
      await route.fulfill({ response, json: caught });
      return;
    }
    await route.fulfill({ response });
  });
  const started = page.waitForResponse((response) => /\/api\/leads\/uploads\/\d+\/extract$/.test(response.url()));
  try {
    await row.getByRole('button', { name: `Extract ${FILE}` }).click();
    const { jobId } = (await (await started).json()) as { jobId: string };
    await expect
      .poll(
        async () => {
          const job = await api<{ state: string; rows?: unknown }>(baseURL!, token, `/api/leads/jobs/${jobId}`);
          if (job.rows) caught = job;
          return caught ? 'rows' : job.state;
        },
        { message: 'the job reports the rows it has read', timeout: 120_000, intervals: [50] },
      )
      .toBe('rows');
    await expect(row.getByTestId('extract-progress')).toBeVisible();
    // The row out of the sheet's declared last row: the template's 500 rows with a Gender list keep their
    // place, so the 1,500 added rows are rows 501 to 2,000.
    await expect(row.getByTestId('extract-progress-text')).toHaveText(/^Row [\d,]+ of 2,000$/);
    await shots(page, 'crm-leads-extracting');
  } finally {
    looked();
    await crmDb.query('commit').finally(() => crmDb.end());
  }
  await expect(toast(page, 'Leads extracted')).toContainText(`Success Extracting ${FILE}`, { timeout: 180_000 });
  await page.unroute('**/api/leads/jobs/**');
  await expect(row).toBeHidden();
  const group = page.getByTestId('lead-group').filter({ hasText: `leads-${run}` });
  await expect(group).toContainText(ROWS.toLocaleString('en-US'));

  // The outcome stays until dismissed, with its real counts and what to do next.
  const outcome = page.getByTestId('import-result').filter({ hasText: FILE });
  await expect(outcome.getByTestId('import-counts')).toHaveText(`${ROWS.toLocaleString('en-US')} imported · 0 failed`);
  await expect(outcome.getByRole('button', { name: 'Download failed rows' })).toHaveCount(0);
  await shots(page, 'crm-leads-extracted');

  // The group, full screen, paged on the server with the console's one page-size rule (20 rows unless another is chosen).
  await outcome.getByRole('button', { name: 'Open group' }).click();
  const dialog = page.getByTestId('group-leads-dialog');
  await expect(dialog.getByTestId('group-lead-row')).toHaveCount(20);
  await expect(dialog.getByTestId('pager-range')).toContainText(`1–20 of ${ROWS.toLocaleString('en-US')} leads`);
  await expect(dialog.getByTestId('group-lead-row').first()).toContainText(`Person0 E2e${run}`);
  for (const header of ['ID', 'Name', 'Work at', 'Gender', 'Current city', 'Date of birth', 'Email', 'Phone', 'Notes']) {
    await expect(dialog.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await expect(dialog.getByRole('columnheader', { name: '#', exact: true })).toHaveCount(0);
  // Every column fits: the table does not scroll sideways.
  const table = dialog.getByRole('grid', { name: 'Leads' });
  expect(await table.evaluate((grid) => grid.parentElement!.scrollWidth - grid.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
  await shot(page, 'crm-group-leads');
  await dialog.getByRole('button', { name: 'Next page' }).click();
  await expect(dialog.getByTestId('pager-range')).toContainText('21–40 of');
  await expect(dialog.getByTestId('group-lead-row').first()).toContainText('Person20');

  await dialog.getByRole('searchbox', { name: 'Search leads' }).fill('zelda');
  await expect(dialog.getByTestId('pager-range')).toContainText(`1–1 of 1 leads (filtered from ${ROWS.toLocaleString('en-US')})`);
  await expect(dialog.getByTestId('group-lead-row')).toContainText(`person777.${run}@example.com`);
  await dialog.getByRole('searchbox', { name: 'Search leads' }).fill('206 500 0042');
  await expect(dialog.getByTestId('group-lead-row')).toHaveCount(1);
  await expect(dialog.getByTestId('group-lead-row')).toContainText('Person42');
  await shot(page, 'crm-group-search');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await outcome.getByRole('button', { name: `Dismiss the result of ${FILE}` }).click();
  await expect(outcome).toBeHidden();

  // The same file again: said on upload and on the saved file, before anything is extracted.
  await page.getByRole('button', { name: 'Upload Excel Sheet' }).click();
  await uploader.getByLabel('Choose xlsx files').setInputFiles(filled);
  const notice = uploader.getByTestId('upload-notice');
  await expect(notice).toContainText(`Already imported on`);
  await expect(notice).toContainText(`as “leads-${run}”`);
  await shots(page, 'crm-upload-already-imported');
  await uploader.getByRole('button', { name: 'Close' }).last().click();
  await expect(uploader).toBeHidden();
  const again = page.getByTestId('pending-file').filter({ hasText: FILE });
  await expect(again.getByTestId('already-imported')).toContainText(`as “leads-${run}” (${ROWS.toLocaleString('en-US')} leads)`);
  await expect(again.getByRole('button', { name: `Extract ${FILE}` })).toHaveCount(0);
  await shots(page, 'crm-leads-already-imported');
  await again.getByRole('button', { name: `Open “leads-${run}”` }).click();
  await expect(dialog.getByTestId('pager-range')).toContainText(`of ${ROWS.toLocaleString('en-US')} leads`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await again.getByRole('button', { name: 'Cancel upload' }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Clear' }).click();
  await expect(again).toBeHidden();
  expect(
    await page
      .getByTestId('lead-group')
      .filter({ hasText: `leads-${run}` })
      .count(),
  ).toBe(1);
});

test('assign 10 leads to an agent with +10 and Update; the agent sees them on /crm/leads', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/leads');
  await page.getByRole('link', { name: 'Assign leads' }).click();
  await expect(page).toHaveURL(/\/admin\/user-leads$/);
  await expect(page.getByTestId('assignable-lead')).toHaveCount(10);
  await shot(page, 'crm-user-leads');

  const agent = page.getByTestId('agent').filter({ hasText: AGENT.name });
  await agent.click();
  await expect(agent).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('pending-count')).toHaveText(`0 pending changes for ${AGENT.name}`);

  // Selecting the selected agent again deselects it.
  await agent.click();
  await expect(agent).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('pending-count')).toHaveText('Choose a sales agent to select their leads.');
  await agent.click();

  await page.getByRole('button', { name: /^\+10: select 10 of the / }).click();
  await expect(page.getByTestId('pending-count')).toHaveText(`10 pending changes for ${AGENT.name}`);
  // Table order: the first page's ten leads are the ones ticked.
  for (const checkbox of await page.getByTestId('assignable-lead').getByRole('checkbox').all()) await expect(checkbox).toBeChecked();
  await shot(page, 'crm-user-leads-pending');

  // Leaving with pending assignments asks first; Keep editing stays with them.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports', exact: true }).click();
  const leave = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  await expect(leave).toBeVisible();
  await shot(page, 'crm-user-leads-leave-guard');
  await leave.getByRole('button', { name: 'Keep editing' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/user-leads$/);
  await expect(page.getByTestId('pending-count')).toHaveText(`10 pending changes for ${AGENT.name}`);

  // −10 takes them back, Cancel empties, +10 again and Update.
  await page.getByRole('button', { name: '−10: unselect the last 10 selected leads' }).click();
  await expect(page.getByTestId('pending-count')).toHaveText(`0 pending changes for ${AGENT.name}`);
  await page.getByRole('button', { name: /^\+10: select 10 of the / }).click();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByTestId('assign-result')).toHaveText(`10 leads assigned to ${AGENT.name}. ${AGENT.name} now has 10 leads.`);
  await expect(page.getByTestId('assign-result')).toBeFocused();
  await expect(page.getByTestId('pending-count')).toHaveText(`0 pending changes for ${AGENT.name}`);
  await expect(page.getByTestId('assignable-lead').first()).toContainText(AGENT.name);
  // The Name cell of each row (after the box and the ID).
  const names = await Promise.all(
    (await page.getByTestId('assignable-lead').all()).map(async (row) => (await row.getByRole('gridcell').nth(2).textContent()) ?? ''),
  );
  await shot(page, 'crm-user-leads-updated');

  // The agent's own workspace.
  await logout(page);
  await signIn(page, AGENT.email, AGENT.password);
  await expect(page).toHaveURL(/\/crm$/);
  await expect(page.getByTestId('workspace-stat').first()).toContainText('10');
  // Their leads by stage (all ten are New), each opening the list at that stage, and their conversion.
  await expect(page.getByTestId('stage-count-New')).toContainText('10New');
  await expect(page.getByTestId('stage-count-Converted')).toContainText('0Converted');
  await expect(page.getByTestId('workspace-conversion')).toContainText('0 %');
  await expect(page.getByTestId('stage-count-New')).toHaveAttribute('href', '/crm/leads?stage=New');
  // Their last 30 days as a chart (the ten leads assigned today are its last point).
  await expect(page.getByTestId('workspace-activity').locator('svg').first()).toBeVisible();
  await shot(page, 'crm-workspace');
  await page.getByTestId('tile-my-leads').click();
  await expect(page).toHaveURL(/\/crm\/leads$/);
  await expect(page.getByTestId('my-lead')).toHaveCount(10);
  await expect(page.getByTestId('pager-range')).toContainText('1–10 of 10 leads');
  const mine = await Promise.all(
    (await page.getByTestId('my-lead').all()).map(async (row) => (await row.getByRole('gridcell').first().textContent()) ?? ''),
  );
  expect(names.every((name) => mine.some((text) => text.includes(name.trim())))).toBe(true);

  // Notes on one of them (the lead's panel keeps them as a history).
  const first = page.getByTestId('my-lead').first();
  await first.getByRole('button', { name: /^Edit notes on/ }).click();
  await page.getByRole('textbox', { name: 'New note' }).fill('Called on Monday; sending a quote.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByTestId('lead-note').first()).toContainText('Called on Monday; sending a quote.');
  await closePanel(page);
  await expect(first).toContainText('Called on Monday; sending a quote.');
  await shot(page, 'crm-my-leads');

  // Search narrows to one, and the admin screens stay closed to the agent.
  await page.getByRole('searchbox', { name: 'Search my leads' }).fill(names[0].trim());
  await expect(page.getByTestId('my-lead')).toHaveCount(1);
  await page.goto('/admin/leads');
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeHidden();
});

test('pipeline: the agent moves a lead on, plans a follow-up, keeps notes; the cards and filters find it; a Manager reassigns it', async ({
  page,
  baseURL,
}) => {
  await signIn(page, AGENT.email, AGENT.password);
  await expect(page).toHaveURL(/\/crm$/);
  await expect(page.getByTestId('pipeline-card-dueToday')).toContainText('0');
  await expect(page.getByTestId('pipeline-card-newThisWeek')).toContainText('10');

  // The lead's panel: stage, follow-up today, a note.
  await page.goto('/crm/leads?sort=name');
  const lead = page.getByTestId('my-lead').first();
  const name = (await lead.getByRole('button', { name: /^Open / }).textContent())!.trim();
  await expect(lead.getByRole('link').first()).toHaveAttribute('href', /^tel:\+?\d+$/);
  await expect(lead.getByRole('link').nth(1)).toHaveAttribute('href', /^mailto:.+@example\.com$/);
  await lead.getByRole('button', { name: `Open ${name}` }).click();
  const panel = page.getByTestId('lead-panel');
  await panel.getByRole('combobox', { name: 'Stage' }).click();
  await page.getByRole('option', { name: 'Interested' }).click();
  await expect(toast(page, 'Lead updated')).toContainText(`Stage of ${name} saved.`);
  const followUp = panel.getByLabel('Next follow-up');
  await followUp.fill(localDay());
  await followUp.press('Tab');
  await expect(toast(page, 'Lead updated').last()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear the follow-up' })).toBeVisible();
  await panel.getByRole('textbox', { name: 'New note' }).fill('Wants the premium plan; call back after lunch.');
  await panel.getByRole('button', { name: 'Add note' }).click();
  await expect(panel.getByTestId('lead-note').first()).toContainText(AGENT.name);
  await expect(panel.getByTestId('lead-note').first()).toContainText('Wants the premium plan');
  // The stage change and the follow-up are in the history too, under the note, with who made them.
  await expect(panel.locator('[data-testid="lead-note"][data-kind="follow-up"]').first()).toContainText(`Follow-up: ${localDay()}`);
  await expect(panel.locator('[data-testid="lead-note"][data-kind="stage"]').first()).toContainText(/Stage: \w+ → Interested/);
  await expect(panel.locator('[data-testid="lead-note"][data-kind="stage"]').first()).toContainText(AGENT.name);
  await shot(page, 'crm-lead-panel');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'crm-lead-panel-mobile');
  await page.setViewportSize({ width: 1280, height: 800 });
  await closePanel(page);
  await expect(lead.getByTestId('lead-stage')).toHaveText('Interested');
  await expect(lead.getByTestId('lead-follow-up')).toHaveText('Today');

  // Filters: stage and "Follow-up due", kept in the address.
  await page.getByRole('button', { name: 'Follow-up due' }).click();
  await expect(page).toHaveURL(/due=true/);
  await expect(page.getByTestId('my-lead')).toHaveCount(1);
  await expect(page.getByTestId('my-lead')).toContainText(name);
  await page.getByRole('button', { name: 'Follow-up due' }).click();
  await page.getByRole('combobox', { name: 'Stage' }).click();
  await page.getByRole('option', { name: 'Interested' }).click();
  await expect(page).toHaveURL(/stage=Interested/);
  await expect(page.getByTestId('my-lead')).toHaveCount(1);
  await shot(page, 'crm-my-leads-filtered');

  // The workspace cards count it and open the list filtered.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'CRM workspace' }).click();
  await expect(page.getByTestId('pipeline-card-dueToday')).toContainText('1');
  await shot(page, 'crm-workspace-cards');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'crm-workspace-cards-mobile');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId('pipeline-card-dueToday').click();
  await expect(page).toHaveURL(/\/crm\/leads\?card=dueToday$/);
  await expect(page.getByTestId('card-filter')).toContainText('Follow-ups due today');
  await expect(page.getByTestId('my-lead')).toHaveCount(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'crm-my-leads-mobile');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The agent reaches only their own leads; the team view is closed to them.
  const agentToken = await userToken(baseURL!, AGENT);
  const team = await fetch(`${baseURL}/api/leads/team`, { headers: { authorization: `Bearer ${agentToken}` } });
  expect(team.status).toBe(403);
  await logout(page);

  // A Manager: the team view, by agent and stage, and reassignment.
  await signIn(page, MANAGER.email, MANAGER.password);
  await page.goto('/crm/leads');
  await expect(page.getByRole('heading', { name: 'Team leads', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Agent' }).click();
  await page.getByRole('option', { name: AGENT.name }).click();
  await expect(page).toHaveURL(/agent=/);
  await expect(page.getByTestId('pager-range')).toContainText('of 10 leads');
  await page.getByRole('combobox', { name: 'Stage' }).click();
  await page.getByRole('option', { name: 'Interested' }).click();
  await expect(page.getByTestId('my-lead')).toHaveCount(1);
  await page.getByTestId('my-lead').getByRole('checkbox').check();
  await page.getByRole('combobox', { name: 'Reassign to' }).click();
  await page.getByRole('option', { name: AGENT2.name }).click();
  await shot(page, 'crm-team-leads');
  await page.getByTestId('reassign-bar').getByRole('button', { name: 'Reassign', exact: true }).click();
  await page.getByRole('dialog', { name: 'Reassign 1 lead?' }).getByRole('button', { name: 'Reassign' }).click();
  await expect(toast(page, 'Leads reassigned')).toContainText(`1 lead moved to ${AGENT2.name}.`);
  // Ann's filter now finds nothing Interested; across all agents the lead is Zoe's, still Interested, with its notes.
  await expect(page.getByTestId('my-lead')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Agent' }).click();
  await page.getByRole('option', { name: 'All agents' }).click();
  await page.getByRole('searchbox', { name: 'Search the team’s leads' }).fill(name);
  await expect(page).toHaveURL(/q=/);
  await expect(page.getByTestId('my-lead')).toHaveCount(1);
  await expect(page.getByTestId('my-lead')).toContainText(AGENT2.name);
  await expect(page.getByTestId('my-lead')).toContainText('Wants the premium plan');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'crm-team-leads-mobile');
  await page.setViewportSize({ width: 1280, height: 800 });

  const mine = await fetch(`${baseURL}/api/leads/mine?length=100`, { headers: { authorization: `Bearer ${agentToken}` } });
  const body = (await mine.json()) as { recordsTotal: number; data: { name: string }[] };
  expect(body.recordsTotal).toBe(9);
  expect(body.data.map((row) => row.name)).not.toContain(name);
});
