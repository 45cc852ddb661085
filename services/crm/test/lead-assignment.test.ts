import type { DistributeLeadsResult, Lead, LeadTablePage, LeadUpload, StaffUser, UserLeads } from '@backoffice/contracts';
import { signToken, type TestService } from '@backoffice/platform/testing';
import { buildCrm, extract, json, sheet, sql, startCrm, startStaffDirectory, upload, type CrmStack } from './crm-test-kit';

let identity: TestService;
let stack: CrmStack;
let ann: StaffUser;
let bob: StaffUser;
let cy: StaffUser;
let manager: StaffUser;
let leadIds: number[];

/** Tokens for real users, so that identity (asked by crm with the caller's token) accepts them. */
const as = (user: StaffUser, roles = user.roles) => signToken({ sub: user.id, name: user.name, email: user.email, roles });

beforeAll(async () => {
  buildCrm();
  const staff = await startStaffDirectory('test.local');
  identity = staff.identity;
  ann = await staff.createUser('Ann Agent', ['Salesagent']);
  bob = await staff.createUser('Bob Agent', ['Salesagent']);
  cy = await staff.createUser('Cy Provider', ['ServiceProvider']);
  manager = await staff.createUser('Meg Manager', ['Manager']);
  stack = await startCrm({ IDENTITY_URL: identity.url });
  await stack.startWorker();
  const rows = Array.from({ length: 30 }, (_, i) => [
    '',
    `Lead${String(i).padStart(2, '0')}`,
    'Assignable',
    '',
    '',
    '',
    '',
    `lead${i}@assign.test`,
    i % 5 === 4 ? '' : `+1 555 020 ${String(1000 + i)}`,
    '',
  ]);
  const file = await json<LeadUpload>(await upload(stack.api, await sheet(rows), 'assign.xlsx'));
  const job = await extract(stack.api, file.id);
  const withPhone = await sql<{ id: number }>(stack.api, 'select id from leads where phone_key is not null order by id');
  leadIds = withPhone.map((row) => row.id);
  expect(job.result?.imported).toBe(30);
  expect(leadIds).toHaveLength(24);
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await identity?.close();
});

const managerRequest = (path: string, init: { method?: string; json?: unknown } = {}) =>
  stack.api.request(path, { ...init, token: as(manager) });

describe('assigning leads to an agent', () => {
  it('lists only leads with a phone, 10 a page, in table order', async () => {
    const page = await json<LeadTablePage<Lead>>(await managerRequest('/api/leads/assignable?draw=3&start=0&length=10'));
    expect(page).toMatchObject({ draw: 3, recordsTotal: 24, recordsFiltered: 24 });
    expect(page.data.map((lead) => lead.id)).toEqual(leadIds.slice(0, 10));
    expect(page.data.every((lead) => lead.phone !== '')).toBe(true);
  });

  it('applies adds and removes in one transaction, keeping the assignment order', async () => {
    const add = await managerRequest(`/api/leads/users/${ann.id}`, {
      method: 'PUT',
      json: { changes: leadIds.slice(0, 12).map((leadId) => ({ leadId, add: true })) },
    });
    expect(add.status).toBe(200);
    expect(await json(add)).toEqual({ userId: ann.id, added: 12, removed: 0, total: 12 });

    const mixed = await managerRequest(`/api/leads/users/${ann.id}`, {
      method: 'PUT',
      json: {
        changes: [
          { leadId: leadIds[11], add: false },
          { leadId: leadIds[10], add: false },
          { leadId: leadIds[0], add: true },
        ],
      },
    });
    expect(await json(mixed)).toEqual({ userId: ann.id, added: 0, removed: 2, total: 10 });

    const mine = await json<UserLeads>(await managerRequest(`/api/leads/users/${ann.id}`));
    expect(mine).toEqual({ userId: ann.id, total: 10, leadIds: leadIds.slice(0, 10) });

    const page = await json<LeadTablePage<Lead>>(await managerRequest('/api/leads/assignable?length=1'));
    expect(page.data[0].sellers).toEqual(['Ann Agent']);
  });

  it('refuses the whole update when one change is wrong', async () => {
    const response = await managerRequest(`/api/leads/users/${bob.id}`, {
      method: 'PUT',
      json: {
        changes: [
          { leadId: leadIds[20], add: true },
          { leadId: 99_999_999, add: true },
        ],
      },
    });
    expect(response.status).toBe(400);
    expect((await json<{ errors: { path: string; message: string }[] }>(response)).errors).toEqual([
      { path: 'changes.1.leadId', message: 'Lead 99999999 does not exist or has no phone' },
    ]);
    expect((await json<UserLeads>(await managerRequest(`/api/leads/users/${bob.id}`))).total).toBe(0);

    const noPhone = await sql<{ id: number }>(stack.api, 'select id from leads where phone_key is null limit 1');
    const refused = await managerRequest(`/api/leads/users/${bob.id}`, {
      method: 'PUT',
      json: { changes: [{ leadId: noPhone[0].id, add: true }] },
    });
    expect(refused.status).toBe(400);

    const doubled = await managerRequest(`/api/leads/users/${bob.id}`, {
      method: 'PUT',
      json: {
        changes: [
          { leadId: leadIds[20], add: true },
          { leadId: leadIds[20], add: false },
        ],
      },
    });
    expect(doubled.status).toBe(400);
    const empty = await managerRequest(`/api/leads/users/${bob.id}`, { method: 'PUT', json: { changes: [] } });
    expect(empty.status).toBe(400);
  });

  it('gives leads to active sales agents only', async () => {
    const provider = await managerRequest(`/api/leads/users/${cy.id}`, {
      method: 'PUT',
      json: { changes: [{ leadId: leadIds[20], add: true }] },
    });
    expect(provider.status).toBe(404);
    const stranger = await managerRequest('/api/leads/users/00000000-0000-4000-8000-000000000000', {
      method: 'PUT',
      json: { changes: [{ leadId: leadIds[20], add: true }] },
    });
    expect(stranger.status).toBe(404);
    expect((await managerRequest('/api/leads/users/not-a-uuid')).status).toBe(400);
  });

  it('lists the next unassigned leads for +10 and filters the table to them', async () => {
    const ids = await json<number[]>(await managerRequest('/api/leads/assignable/unassigned-ids?limit=5'));
    expect(ids).toEqual(leadIds.slice(10, 15));
    const page = await json<LeadTablePage<Lead>>(await managerRequest('/api/leads/assignable?unassigned=true&length=50'));
    expect(page.recordsFiltered).toBe(14);
    expect(page.data.every((lead) => lead.sellers.length === 0)).toBe(true);
  });

  it('distributes unassigned leads round robin over the chosen agents', async () => {
    const response = await managerRequest('/api/leads/distribute', { method: 'POST', json: { userIds: [bob.id, ann.id], count: 5 } });
    expect(response.status).toBe(201);
    const result = await json<DistributeLeadsResult>(response);
    expect(result).toEqual({
      distributed: 5,
      perAgent: [
        { userId: bob.id, name: 'Bob Agent', added: 3 },
        { userId: ann.id, name: 'Ann Agent', added: 2 },
      ],
    });
    expect((await json<UserLeads>(await managerRequest(`/api/leads/users/${bob.id}`))).leadIds).toEqual([
      leadIds[10],
      leadIds[12],
      leadIds[14],
    ]);

    const wrong = await managerRequest('/api/leads/distribute', { method: 'POST', json: { userIds: [cy.id], count: 5 } });
    expect(wrong.status).toBe(400);
    expect((await json<{ errors: { path: string }[] }>(wrong)).errors[0].path).toBe('userIds.0');
    const bad = await managerRequest('/api/leads/distribute', { method: 'POST', json: { userIds: [], count: 0 } });
    expect((await json<{ errors: { path: string }[] }>(bad)).errors.map((e) => e.path).sort()).toEqual(['count', 'userIds']);
  });

  it('takes +10 and Distribute from the leads the search matches only', async () => {
    const matching = await json<LeadTablePage<Lead>>(await managerRequest('/api/leads/assignable?unassigned=true&search=lead2&length=50'));
    const matchingIds = matching.data.map((lead) => lead.id);
    expect(matchingIds.length).toBeGreaterThan(3);
    expect(matching.data.every((lead) => /lead2/i.test(`${lead.name} ${lead.email}`))).toBe(true);

    const next = await json<number[]>(await managerRequest('/api/leads/assignable/unassigned-ids?limit=2&search=lead2'));
    expect(next).toEqual(matchingIds.slice(0, 2));
    const none = await json<number[]>(await managerRequest('/api/leads/assignable/unassigned-ids?limit=10&search=nobody-matches'));
    expect(none).toEqual([]);

    const before = (await json<UserLeads>(await managerRequest(`/api/leads/users/${bob.id}`))).leadIds;
    const response = await managerRequest('/api/leads/distribute', {
      method: 'POST',
      json: { userIds: [bob.id], count: 2, search: 'lead2' },
    });
    expect((await json<DistributeLeadsResult>(response)).distributed).toBe(2);
    const after = (await json<UserLeads>(await managerRequest(`/api/leads/users/${bob.id}`))).leadIds;
    expect(after).toEqual([...before, ...matchingIds.slice(0, 2)]);
    const empty = await managerRequest('/api/leads/distribute', {
      method: 'POST',
      json: { userIds: [bob.id], count: 5, search: 'nobody-matches' },
    });
    expect(await json(empty)).toEqual({ distributed: 0, perAgent: [{ userId: bob.id, name: 'Bob Agent', added: 0 }] });
    // Bob keeps only his earlier leads, as the workspace tests expect.
    const undo = await managerRequest(`/api/leads/users/${bob.id}`, {
      method: 'PUT',
      json: { changes: matchingIds.slice(0, 2).map((leadId) => ({ leadId, add: false })) },
    });
    expect(undo.status).toBe(200);
  });

  it('is closed to sales agents', async () => {
    expect((await stack.api.request('/api/leads/assignable', { token: as(ann) })).status).toBe(403);
    expect((await stack.api.request(`/api/leads/users/${ann.id}`, { token: as(ann) })).status).toBe(403);
  });
});

describe("the agent's workspace", () => {
  it('shows an agent their own leads only, newest assignment first, with search and paging', async () => {
    const page = await json<LeadTablePage<Lead>>(await stack.api.request('/api/leads/mine?length=5', { token: as(bob) }));
    expect(page).toMatchObject({ recordsTotal: 3, recordsFiltered: 3 });
    expect(page.data.map((lead) => lead.id)).toEqual([leadIds[14], leadIds[12], leadIds[10]]);
    const annPage = await json<LeadTablePage<Lead>>(await stack.api.request('/api/leads/mine?length=50', { token: as(ann) }));
    expect(annPage.recordsTotal).toBe(12);
    expect(annPage.data.some((lead) => bob && [leadIds[10], leadIds[12], leadIds[14]].includes(lead.id))).toBe(false);
    const search = await json<LeadTablePage<Lead>>(await stack.api.request('/api/leads/mine?search=lead01', { token: as(ann) }));
    expect(search).toMatchObject({ recordsTotal: 12, recordsFiltered: 1 });
    expect(search.data[0].firstName).toBe('Lead01');
    const summary = await json(await stack.api.request('/api/leads/mine/summary', { token: as(bob) }));
    expect(summary).toMatchObject({ total: 3, withNotes: 0, duplicates: 0, newThisWeek: 3, overdue: 0 });
  });

  it("lets an agent write notes on their leads, and not on anyone else's", async () => {
    const saved = await stack.api.request(`/api/leads/mine/${leadIds[10]}`, {
      method: 'PATCH',
      json: { notes: 'Called, wants a quote' },
      token: as(bob),
    });
    expect(saved.status).toBe(200);
    expect(await json<Lead>(saved)).toMatchObject({ id: leadIds[10], notes: 'Called, wants a quote' });
    const others = await stack.api.request(`/api/leads/mine/${leadIds[1]}`, { method: 'PATCH', json: { notes: 'x' }, token: as(bob) });
    expect(others.status).toBe(404);
    const tooLong = await stack.api.request(`/api/leads/mine/${leadIds[10]}`, {
      method: 'PATCH',
      json: { notes: 'x'.repeat(2001) },
      token: as(bob),
    });
    expect(tooLong.status).toBe(400);
    expect((await json<{ errors: { path: string }[] }>(tooLong)).errors[0].path).toBe('notes');
    expect((await stack.api.request('/api/leads/mine', { token: as(manager) })).status).toBe(403);
  });
});
