import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect as baseExpect, test } from '@playwright/test';
import {
  LEAD_TEMPLATE_HEADERS,
  type CatalogueServiceView,
  type Lead,
  type LeadImportJob,
  type LeadTablePage,
  type LeadUpload,
  type OrderDetail,
  type SalesAgentReport,
  type StaffUser,
} from '@backoffice/contracts';
import { adminToken, api, shot, signIn } from './fixtures';

// The shared test machine can be busy: give each expectation more time than the default.
const expect = baseExpect.configure({ timeout: 30_000 });

/*
 * The sales agent report with real figures, seeded through the APIs: leads imported from a sheet,
 * assigned to a new agent, orders placed with a lead's phone and another's email, one of them paid
 * through payments. The figures travel over Kafka (orders.order.v1 → crm) before the screen shows them.
 */

const run = Math.random().toString(36).slice(2, 7);
const digits = () => String(Math.floor(1_000_000 + Math.random() * 8_999_999));
const AGENT = { name: `Rae Report ${run}`, email: `rae.report.${run}@example.com`, password: 'Agent-pass-42' };
const LEADS = [
  { first: 'Phone', email: `phone.${run}@leads.test`, phone: `+1 512 ${digits()}` },
  { first: 'Mail', email: `Mail.${run}@Leads.test`, phone: `+1 737 ${digits()}` },
  { first: 'Quiet', email: `quiet.${run}@leads.test`, phone: `+1 830 ${digits()}` },
];
const pad = (n: number) => String(n).padStart(2, '0');
const picker = (d: Date) => `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

let baseURL: string;
let token: string;
let agent: StaffUser;
let orders: OrderDetail[];

async function eventually<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Imports the leads through an uploaded sheet and the extraction job (the crm worker). */
async function importLeads(): Promise<Lead[]> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Leads');
  sheet.addRow([...LEAD_TEMPLATE_HEADERS]);
  for (const lead of LEADS) sheet.addRow(['', lead.first, `Report${run}`, 'Contoso', 'Female', 'Austin', '', lead.email, lead.phone, '']);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]), `report-leads-${run}.xlsx`);
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
  const page = await api<LeadTablePage<Lead>>(baseURL, token, `/api/leads/assignable?start=0&length=10&search=Report${run}`);
  expect(page.data).toHaveLength(LEADS.length);
  return page.data;
}

/** An order through order intake (catalogue read model and geography), with this client's phone and email. */
async function placeOrder(contactInfo: string, email: string): Promise<OrderDetail> {
  const services = await eventually('the catalogue read model', async () => {
    const rows = await api<CatalogueServiceView[]>(baseURL, token, '/api/orders/read-models/catalogue');
    return rows.some((row) => row.active) ? rows.filter((row) => row.active) : undefined;
  });
  return api<OrderDetail>(baseURL, token, '/api/orders', {
    json: {
      name: `Client ${run}`,
      contactInfo,
      email,
      address: '350 5th Ave',
      zipCode: '10001',
      city: 'New York City',
      county: 'New York County',
      state: 'NY',
      country: 'US',
      items: [{ itemId: services[0]!.id, quantity: 1 }],
    },
  });
}

test.describe.configure({ mode: 'serial', timeout: 300_000 });

test.beforeAll(async ({ baseURL: url }) => {
  test.setTimeout(300_000);
  baseURL = url!;
  token = await adminToken(baseURL);
  agent = await api<StaffUser>(baseURL, token, '/api/identity/users', {
    json: { name: AGENT.name, email: AGENT.email, password: AGENT.password, roles: ['Salesagent'] },
  });
  const leads = await importLeads();
  const byFirst = (first: string) => leads.find((lead) => lead.firstName === first)!;
  await api(baseURL, token, `/api/leads/users/${agent.id}`, {
    method: 'PUT',
    json: { changes: leads.map((lead) => ({ leadId: lead.id, add: true })) },
  });
  // The first lead orders with its phone typed another way; the second with its email in other letters.
  const phoneDigits = byFirst('Phone').phone.replace(/\D/g, '');
  orders = [
    await placeOrder(
      `+${phoneDigits[0]} (${phoneDigits.slice(1, 4)}) ${phoneDigits.slice(4, 7)}-${phoneDigits.slice(7)}`,
      `other.${run}@example.com`,
    ),
    await placeOrder('+44 20 7946 0000', byFirst('Mail').email.toLowerCase()),
  ];
  // The first is paid in full through payments: orders marks it Paid, crm hears of it.
  await api(baseURL, token, '/api/payments', {
    json: {
      orderId: orders[0]!.id,
      amount: orders[0]!.amount,
      merchant: 'Authorize.Net',
      transaction: { status: 'Captured', amount: orders[0]!.amount },
    },
  });
});

test('the sales agent report shows the seeded figures, with a loading state, totals, CSV export and an empty period', async ({ page }) => {
  const today = new Date();
  const first = new Date(today.getFullYear(), today.getMonth(), 1);
  const expected = {
    leadsAssigned: 3,
    convertedLeads: 2,
    orders: 2,
    orderAmount: Math.round((orders[0]!.amount + orders[1]!.amount) * 100) / 100,
    paidAmount: orders[0]!.amount,
  };
  // The figures arrive over Kafka (orders.order.v1 → crm); wait for them through the API first.
  const tz = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await eventually('the report to have the orders and the payment', async () => {
    const report = await api<SalesAgentReport>(
      baseURL,
      token,
      `/api/reports/sales-agents?from=${isoDay(first)}&to=${isoDay(today)}&tz=${tz}`,
    );
    const row = report.rows.find((r) => r.userId === agent.id);
    return row && row.orders === expected.orders && row.paidAmount === expected.paidAmount ? row : undefined;
  });

  const { currency } = await api<{ currency: string }>(baseURL, token, '/api/config');
  const money = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);

  // Hold the first answer back until the loading state has been seen.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/reports/sales-agents?*', async (route) => {
    await released;
    await route.continue();
  });

  await signIn(page);
  await page.goto('/admin/reports');
  await page.getByTestId('report-services').click();
  await expect(page).toHaveURL(/\/admin\/salesagent-report$/);
  await expect(page.getByRole('heading', { name: 'Sales agent report' })).toBeVisible();
  await expect(page.getByTestId('placeholder-row')).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await shot(page, 'salesagent-report-loading');
  release();

  await expect(page.getByRole('combobox', { name: 'From' })).toHaveValue(picker(first));
  await expect(page.getByRole('combobox', { name: 'To' })).toHaveValue(picker(today));
  const table = page.getByRole('grid', { name: 'Sales agent figures' });
  await expect(table).toBeVisible();
  for (const header of [
    'Sales agent',
    'Leads assigned',
    'Converted leads',
    'Conversion',
    'Orders',
    'Order amount',
    'Paid amount',
    'Pipeline conversion',
  ]) {
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  const row = page.getByTestId(`agent-${agent.id}`);
  await expect(row.getByRole('gridcell')).toHaveText([
    `${AGENT.name}${AGENT.email}`,
    '3',
    '2',
    '66.7%',
    '2',
    money(expected.orderAmount),
    money(expected.paidAmount),
    '0 (0%)',
  ]);
  await expect(page.getByTestId('agent-totals').getByRole('gridcell').first()).toHaveText('Total');
  await row.scrollIntoViewIfNeeded();
  await shot(page, 'salesagent-report');

  // CSV export of the same figures.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`sales-agents-${isoDay(first)}-to-${isoDay(today)}.csv`);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    '\uFEFFSales agent,Email,Leads assigned,Converted leads,Orders,Order amount,Paid amount,Converted in pipeline,Pipeline conversion',
  );
  expect(csv).toContain(`${AGENT.name},${AGENT.email},3,2,2,${expected.orderAmount.toFixed(2)},${expected.paidAmount.toFixed(2)},0,0%\r\n`);
  expect(csv).toMatch(/\r\nTotal,,\d+,\d+,\d+,[\d.]+,[\d.]+,\d+,[\d.]+%\r\n$/);

  // A period before anything was assigned: the empty state. To before From: a warning, no request.
  const from = page.getByRole('combobox', { name: 'From' });
  await from.fill('01/01/2020');
  await from.press('Tab');
  const to = page.getByRole('combobox', { name: 'To' });
  await to.fill('01/31/2020');
  await to.press('Tab');
  await expect(page.getByText('No leads were assigned to sales agents in this period.')).toBeVisible();
  await shot(page, 'salesagent-report-empty');
  await from.fill('02/15/2020');
  await from.press('Tab');
  await expect(page.getByText('To must not be before From.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();

  // A future date is refused with a message that goes once a preset makes the range valid again.
  const nextYear = new Date().getFullYear() + 1;
  await to.fill(`01/31/${nextYear}`);
  await to.press('Tab');
  await expect(page.getByText('Dates cannot be in the future.')).toBeVisible();
  await page.getByRole('group', { name: 'Quick periods' }).getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page.getByText('Dates cannot be in the future.')).toBeHidden();
  const weekAgo = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 6);
  await expect(from).toHaveValue(picker(weekAgo));
  await expect(to).toHaveValue(picker(today));
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
});
