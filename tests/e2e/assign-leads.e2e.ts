import ExcelJS from 'exceljs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import {
  LEAD_TEMPLATE_HEADERS,
  type Lead,
  type LeadImportJob,
  type LeadTablePage,
  type LeadUpload,
  type StaffUser,
  type UserLeads,
} from '@backoffice/contracts';
import { adminToken, api, noSeriousAxeViolations, shot, signIn } from './fixtures';

// The shared test machine can be busy: give each expectation more time than the default.
const expect = baseExpect.configure({ timeout: 30_000 });

/*
 * Assign leads acts on what the Manager sees: +10 and Distribute take leads only from the search's matches (checked
 * through the API), say beforehand how many of how many, and are refused on an empty match; Update and Distribute
 * say what they did and focus moves to that message.
 */

const run = Math.random().toString(36).slice(2, 7);
const MATCH = `Match${run}`;
const OTHER = `Other${run}`;
const KEYS = `Keys${run}`;
const MANAGER = { name: `Mia Manager ${run}`, email: `mia.manager.${run}@example.com`, password: 'Manager-pass-45' };
const OMAR = { name: `Omar Haddad ${run}`, email: `omar.haddad.${run}@example.com`, password: 'Agent-pass-46' };
const ANN = { name: `Ann Lee ${run}`, email: `ann.lee.${run}@example.com`, password: 'Agent-pass-47' };
const KIM = { name: `Kim Keys ${run}`, email: `kim.keys.${run}@example.com`, password: 'Agent-pass-48' };
const KAI = { name: `Kai Keys ${run}`, email: `kai.keys.${run}@example.com`, password: 'Agent-pass-49' };

let baseURL: string;
let token: string;
const users: Record<string, StaffUser> = {};
let matchIds: number[];
let otherIds: number[];
let keyIds: number[];

test.describe.configure({ mode: 'serial', timeout: 240_000 });

async function eventually<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** 14 leads named `Match<run>`, 6 named `Other<run>` and 6 `Keys<run>`, imported through a sheet and the extraction job. */
async function importLeads() {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Leads');
  sheet.addRow([...LEAD_TEMPLATE_HEADERS]);
  const phone = (i: number) => `+1 555 ${String(300 + i).padStart(3, '0')} ${String(Math.floor(1000 + Math.random() * 8999))}`;
  for (let i = 0; i < 26; i++) {
    const last = i < 14 ? MATCH : i < 20 ? OTHER : KEYS;
    sheet.addRow(['', `Lead${i}`, last, 'Contoso', 'Female', 'Austin', '', `lead${i}.${last}@leads.test`.toLowerCase(), phone(i), '']);
  }
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]), `assign-${run}.xlsx`);
  const response = await fetch(`${baseURL}/api/leads/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
  const upload = (await response.json()) as LeadUpload;
  const { jobId } = await api<{ jobId: string }>(baseURL, token, `/api/leads/uploads/${upload.id}/extract`, {
    json: { duplicates: 'flag' },
  });
  const job = await eventually('the extraction', async () => {
    const state = await api<LeadImportJob>(baseURL, token, `/api/leads/jobs/${jobId}`);
    return state.state === 'completed' || state.state === 'failed' ? state : undefined;
  });
  expect(job.state).toBe('completed');
  const ids = async (search: string) =>
    (await api<LeadTablePage<Lead>>(baseURL, token, `/api/leads/assignable?start=0&length=50&search=${search}`)).data.map(
      (lead) => lead.id,
    );
  matchIds = await ids(MATCH);
  otherIds = await ids(OTHER);
  keyIds = await ids(KEYS);
  expect(keyIds).toHaveLength(6);
  expect(matchIds).toHaveLength(14);
  expect(otherIds).toHaveLength(6);
}

const leadsOf = async (user: StaffUser) => (await api<UserLeads>(baseURL, token, `/api/leads/users/${user.id}`)).leadIds;

test.beforeAll(async ({ baseURL: url }) => {
  baseURL = url!;
  token = await adminToken(baseURL);
  for (const [user, roles] of [
    [MANAGER, ['Manager']],
    [OMAR, ['Salesagent']],
    [ANN, ['Salesagent']],
    [KIM, ['Salesagent']],
    [KAI, ['Salesagent']],
  ] as const) {
    users[user.email] = await api<StaffUser>(baseURL, token, '/api/identity/users', {
      method: 'POST',
      json: { name: user.name, email: user.email, password: user.password, roles },
    });
  }
  await importLeads();
});

async function openAssignLeads(page: Page) {
  await signIn(page, MANAGER.email, MANAGER.password);
  await page.goto('/admin/user-leads');
  await expect(page.getByRole('heading', { name: 'Assign leads', level: 1 })).toBeVisible();
}

async function searchLeads(page: Page, term: string) {
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(term);
  // The search applies after a pause: the hint names it once its matches are counted.
  await expect(page.getByTestId('bulk-hint')).toContainText(`“${term}”`);
  await expect(page.getByTestId('bulk-hint')).not.toContainText('Counting');
}

test('+10 with a search assigns only leads the search matches; an empty match refuses +10 and Distribute', async ({ page }) => {
  await openAssignLeads(page);
  await page.getByTestId('agent').filter({ hasText: OMAR.name }).click();

  // Nothing matches: +10, +100 and Distribute cannot act, and the screen says why.
  await searchLeads(page, `nobody-${run}`);
  await expect(page.getByTestId('bulk-hint')).toHaveText(`No unassigned lead matches “nobody-${run}”.`);
  await expect(page.getByRole('button', { name: /^\+10:/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: /^\+100:/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Distribute…' })).toBeDisabled();

  // Before acting it says how many of which leads +10 takes.
  await searchLeads(page, MATCH);
  await expect(page.getByTestId('bulk-hint')).toHaveText(`14 unassigned leads match “${MATCH}”: +10 selects 10 of the 14 matching leads.`);
  await page.getByRole('button', { name: '+10: select 10 of the 14 matching leads' }).click();
  await expect(page.getByTestId('pending-count')).toHaveText(`10 pending changes for ${OMAR.name}`);
  await expect(page.getByTestId('selected-count')).toHaveText('10 selected');
  // The selection holds across pages: the second page's four are not ticked, the first page's ten are.
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByTestId('assignable-lead')).toHaveCount(4);
  for (const box of await page.getByTestId('assignable-lead').getByRole('checkbox').all()) await expect(box).not.toBeChecked();
  await expect(page.getByTestId('selected-count')).toHaveText('10 selected');
  await shot(page, 'assign-leads-filtered-pending');

  await page.getByRole('button', { name: 'Update' }).click();
  const result = page.getByTestId('assign-result');
  await expect(result).toHaveText(`10 leads assigned to ${OMAR.name}. ${OMAR.name} now has 10 leads.`);
  await expect(result).toBeFocused();
  await shot(page, 'assign-leads-updated');

  // Through the API: Omar has exactly the first ten matching leads, none of the others.
  expect(await leadsOf(users[OMAR.email])).toEqual(matchIds.slice(0, 10));

  // The four left: +10 now takes 4 of the 4.
  await expect(page.getByTestId('bulk-hint')).toHaveText(`4 unassigned leads match “${MATCH}”: +10 selects 4 of the 4 matching leads.`);
  await noSeriousAxeViolations(page, 'assign leads');
});

test('Distribute deals out only the leads the search matches; an agent is chosen by clicking their name', async ({ page }) => {
  await openAssignLeads(page);
  await searchLeads(page, OTHER);
  await page.getByRole('button', { name: 'Distribute…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Distribute leads' });
  await expect(dialog.getByTestId('distribute-hint')).toHaveText(
    `Distributes 6 of the 6 unassigned leads matching “${OTHER}”. They are taken in table order and dealt out in turn.`,
  );
  await dialog.getByRole('searchbox', { name: 'Search sales agents' }).fill(run);
  // Each box is named by the agent alone, and a click on the name ticks it.
  for (const agent of [OMAR, ANN]) {
    await dialog.getByText(agent.name, { exact: true }).click();
    await expect(dialog.getByRole('checkbox', { name: agent.name, exact: true })).toBeChecked();
  }
  const ids = await dialog.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => box.id));
  expect(new Set(ids).size).toBe(ids.length);
  await noSeriousAxeViolations(page, 'distribute dialog');
  await shot(page, 'assign-leads-distribute');
  await dialog.getByRole('button', { name: 'Distribute', exact: true }).click();
  await expect(dialog).toBeHidden();
  const result = page.getByTestId('assign-result');
  await expect(result).toContainText('6 leads distributed:');
  await expect(result).toBeFocused();

  const omar = await leadsOf(users[OMAR.email]);
  const ann = await leadsOf(users[ANN.email]);
  expect([...omar.slice(10), ...ann].sort((a, b) => a - b)).toEqual(otherIds);
  expect(omar.slice(0, 10)).toEqual(matchIds.slice(0, 10));
});

/** Presses Tab (or Shift+Tab) until the element has focus, as a keyboard user does; fails if it never does. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, { back = false, max = 80, into = false } = {}) {
  const element = await target.elementHandle();
  for (let i = 0; i < max; i++) {
    if (
      await page.evaluate(([el, inside]) => el === document.activeElement || (inside && !!el?.contains(document.activeElement)), [
        element,
        into,
      ] as const)
    )
      return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error('Tab never reached the element');
}

for (const [width, agent] of [
  [1280, KIM],
  [390, KAI],
] as const) {
  test(`keyboard only at ${width} px: a Manager filters the leads, selects three, assigns them; only those three change agent`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/auth/login');
    await page.getByLabel('Username').fill(MANAGER.email);
    await page.getByLabel('Password').fill(MANAGER.password);
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/\/auth\/login/);
    await page.goto('/admin/user-leads');
    await expect(page.getByRole('heading', { name: 'Assign leads', level: 1 })).toBeVisible();

    await tabTo(page, page.getByRole('searchbox', { name: 'Search sales agents' }));
    await page.keyboard.type(agent.name);
    const agentButton = page.getByTestId('agent').filter({ hasText: agent.name });
    await tabTo(page, agentButton);
    await page.keyboard.press('Enter');
    await expect(agentButton).toHaveAttribute('aria-pressed', 'true');

    await tabTo(page, page.getByRole('searchbox', { name: 'Search leads' }));
    await page.keyboard.type(KEYS);
    await expect(page.getByTestId('bulk-hint')).toContainText(`“${KEYS}”`);
    await expect(page.getByTestId('assignable-lead')).toHaveCount(6);
    const rows = page.getByTestId('assignable-lead');

    if (width > 640) {
      // The grid is one Tab stop (its header's box first), ↓ moves to the first row, Space ticks it, Shift+↓ the next ones.
      await tabTo(page, page.getByRole('grid', { name: 'Leads' }), { into: true });
      await page.keyboard.press('ArrowDown');
      await expect(rows.first()).toBeFocused();
      await page.keyboard.press('Space');
      await page.keyboard.press('Shift+ArrowDown');
      await page.keyboard.press('Shift+ArrowDown');
      await expect(rows.nth(2)).toBeFocused();
    } else {
      // The cards: Tab reaches each card's box, Space ticks it.
      for (let i = 0; i < 3; i++) {
        await tabTo(page, rows.nth(i).getByRole('checkbox'));
        await page.keyboard.press('Space');
      }
    }
    for (let i = 0; i < 6; i++) await expect(rows.nth(i).getByRole('checkbox')).toBeChecked({ checked: i < 3 });
    await expect(page.getByTestId('selected-count')).toHaveText('3 selected');
    await shot(page, `assign-leads-keyboard-${width}`);

    const update = page.getByRole('button', { name: 'Update', exact: true });
    await expect(update).toBeInViewport();
    await tabTo(page, update, { back: width > 640 });
    await page.keyboard.press('Enter');
    const result = page.getByTestId('assign-result');
    await expect(result).toHaveText(`3 leads assigned to ${agent.name}. ${agent.name} now has 3 leads.`);
    await expect(result).toBeFocused();
    await shot(page, `assign-leads-keyboard-${width}-done`);

    expect(await leadsOf(users[agent.email])).toEqual(keyIds.slice(0, 3));
    const others = await api<LeadTablePage<Lead>>(baseURL, token, `/api/leads/assignable?start=0&length=50&search=${KEYS}`);
    expect(others.data.filter((lead) => lead.sellers.includes(agent.name)).map((lead) => lead.id)).toEqual(keyIds.slice(0, 3));
  });
}
