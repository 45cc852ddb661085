import type { LeadNote, MyLeadsActivity, MyLeadsSummary, PipelineLead, PipelinePage, StaffUser } from '@backoffice/contracts';
import { signToken, type TestService } from '@backoffice/platform/testing';
import { json, sql, startCrm, startStaffDirectory, type CrmStack } from './crm-test-kit';

/*
 * The sales pipeline against real PostgreSQL and a real identity service (reassignment asks it who is an
 * active sales agent): stage and follow-up changes, the notes history, the due filter and the workspace
 * cards, an agent's reach (their own leads only) and the Manager's team view with reassignment.
 */

let identity: TestService;
let stack: CrmStack;
let ann: StaffUser;
let bob: StaffUser;
let manager: StaffUser;
/** Ann has A[0..5], Bob has B[0..2]; U is nobody's. */
let A: number[];
let B: number[];
let U: number;
const GROUP = 7001;

const as = (user: StaffUser) => signToken({ sub: user.id, name: user.name, email: user.email, roles: user.roles });
const call = (user: StaffUser, path: string, init: { method?: string; json?: unknown } = {}) =>
  stack.api.request(path, { ...init, token: as(user) });
const page = async (user: StaffUser, path: string) => {
  const response = await call(user, path);
  expect(response.status).toBe(200);
  return json<PipelinePage>(response);
};
/** Days from today (UTC), yyyy-mm-dd. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  const staff = await startStaffDirectory('pipeline.test');
  identity = staff.identity;
  ann = await staff.createUser('Ann Agent', ['Salesagent']);
  bob = await staff.createUser('Bob Agent', ['Salesagent']);
  manager = await staff.createUser('Meg Manager', ['Manager']);
  stack = await startCrm({ IDENTITY_URL: identity.url });

  await sql(stack.api, `insert into lead_groups (id, name, status, lead_count) values ($1, 'Pipeline', 'ready', 10)`, [GROUP]);
  await sql(stack.api, `create table leads_p${GROUP} partition of leads for values in (${GROUP})`);
  const ids = await sql<{ id: number }>(
    stack.api,
    `insert into leads (group_id, seq, row_number, first_name, last_name, email, phone, phone_key, notes)
     select $1::int, n, n + 1, 'Lead' || n, 'Pipeline', 'lead' || n || '@pipeline.test', '+1 555 070 ' || (1000 + n), '1555070' || (1000 + n),
            case when n = 1 then 'Called from the fair' else '' end
     from generate_series(1, 10) n returning id`,
    [GROUP],
  );
  const all = ids.map((row) => row.id);
  [A, B, U] = [all.slice(0, 6), all.slice(6, 9), all[9]];
  for (const user of [ann, bob])
    await sql(stack.api, 'insert into sales_agents (user_id, name, email) values ($1, $2, $3)', [user.id, user.name, user.email]);
  const assign = (user: StaffUser, leadId: number, at = 'now()') =>
    sql(stack.api, `insert into lead_assignments (lead_id, group_id, user_id, assigned_at) values ($1, $2, $3, ${at})`, [
      leadId,
      GROUP,
      user.id,
    ]);
  // Ann's first lead was assigned long ago: it is not "new this week".
  await assign(ann, A[0], `now() - interval '40 days'`);
  for (const id of A.slice(1)) await assign(ann, id);
  for (const id of B) await assign(bob, id);
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await identity?.close();
});

describe('stage and follow-up', () => {
  it('moves an agent’s own lead through the pipeline and sets its follow-up', async () => {
    const response = await call(ann, `/api/leads/pipeline/${A[1]}`, { method: 'PATCH', json: { stage: 'Contacted', followUpAt: day(0) } });
    expect(response.status).toBe(200);
    const lead = await json<PipelineLead>(response);
    expect(lead).toMatchObject({ id: A[1], stage: 'Contacted', followUpAt: day(0), agentId: ann.id, agentName: 'Ann Agent' });
    expect(lead.stageChangedAt).not.toBeNull();

    // Only the follow-up: the stage and when it changed stay.
    const moved = await json<PipelineLead>(
      await call(ann, `/api/leads/pipeline/${A[1]}`, { method: 'PATCH', json: { followUpAt: '2030-01-15T09:00:00Z' } }),
    );
    expect(moved).toMatchObject({ stage: 'Contacted', followUpAt: '2030-01-15', stageChangedAt: lead.stageChangedAt });
    const cleared = await json<PipelineLead>(
      await call(ann, `/api/leads/pipeline/${A[1]}`, { method: 'PATCH', json: { followUpAt: null } }),
    );
    expect(cleared.followUpAt).toBeNull();

    // A day over everywhere is refused, with the field named and nothing changed.
    const past = await call(ann, `/api/leads/pipeline/${A[1]}`, { method: 'PATCH', json: { stage: 'Interested', followUpAt: day(-2) } });
    expect(past.status).toBe(400);
    expect((await json<{ errors: { path: string; message: string }[] }>(past)).errors).toEqual([
      { path: 'followUpAt', message: 'A follow-up cannot be in the past: choose today or a later day.' },
    ]);
    expect(
      (await json<PipelineLead>(await call(ann, `/api/leads/pipeline/${A[1]}`, { method: 'PATCH', json: { followUpAt: null } }))).stage,
    ).toBe('Contacted');

    // Who has which lead did not change: the team dashboard's data version stays.
    const version = async () => (await sql<{ version: string }>(stack.api, 'select version from crm_data_version'))[0].version;
    const before = await version();
    await call(ann, `/api/leads/pipeline/${A[1]}`, { method: 'PATCH', json: { stage: 'Contacted', followUpAt: day(5) } });
    expect(await version()).toBe(before);
    await call(ann, `/api/leads/pipeline/${A[1]}`, { method: 'PATCH', json: { followUpAt: null } });

    // Every change is in the lead's history, newest first, by who made it; the refused one and the no-op left nothing.
    const history = await json<LeadNote[]>(await call(ann, `/api/leads/pipeline/${A[1]}/notes`));
    expect(history.map((entry) => [entry.kind, entry.authorName, entry.text])).toEqual([
      ['follow-up', 'Ann Agent', 'Follow-up cleared'],
      ['follow-up', 'Ann Agent', `Follow-up: ${day(5)}`],
      ['follow-up', 'Ann Agent', 'Follow-up cleared'],
      ['follow-up', 'Ann Agent', 'Follow-up: 2030-01-15'],
      ['follow-up', 'Ann Agent', `Follow-up: ${day(0)}`],
      ['stage', 'Ann Agent', 'Stage: New → Contacted'],
    ]);
  });

  it('refuses unknown stages, bad dates and empty changes', async () => {
    for (const body of [{ stage: 'Won' }, { followUpAt: '15/01/2030' }, { followUpAt: '2030-02-30' }, {}]) {
      const response = await call(ann, `/api/leads/pipeline/${A[1]}`, { method: 'PATCH', json: body });
      expect(response.status).toBe(400);
    }
  });

  it('keeps an agent off other agents’ leads (404) and lets a Manager change any', async () => {
    for (const [method, path, body] of [
      ['PATCH', `/api/leads/pipeline/${B[0]}`, { stage: 'Lost' }],
      ['PATCH', `/api/leads/pipeline/${U}`, { stage: 'Lost' }],
      ['GET', `/api/leads/pipeline/${B[0]}/notes`, undefined],
      ['POST', `/api/leads/pipeline/${B[0]}/notes`, { text: 'Not mine' }],
      ['PATCH', `/api/leads/mine/${B[0]}`, { notes: 'Not mine' }],
    ] as const) {
      const response = await call(ann, path, { method, json: body });
      expect([method, path, response.status]).toEqual([method, path, 404]);
    }
    expect((await sql<{ stage: string }>(stack.api, 'select stage from lead_assignments where lead_id = $1', [B[0]]))[0].stage).toBe('New');

    const byManager = await call(manager, `/api/leads/pipeline/${B[0]}`, { method: 'PATCH', json: { stage: 'Interested' } });
    expect(byManager.status).toBe(200);
    expect(await json<PipelineLead>(byManager)).toMatchObject({ stage: 'Interested', agentId: bob.id });
    // Nobody works an unassigned lead: it has no pipeline.
    expect((await call(manager, `/api/leads/pipeline/${U}`, { method: 'PATCH', json: { stage: 'Lost' } })).status).toBe(404);
  });
});

describe('notes history', () => {
  it('starts with the notes imported with the sheet, then keeps every note with its author, newest first', async () => {
    const imported = await json<LeadNote[]>(await call(ann, `/api/leads/pipeline/${A[0]}/notes`));
    expect(imported).toEqual([
      expect.objectContaining({ authorId: null, authorName: 'Imported with the sheet', text: 'Called from the fair' }),
    ]);

    const first = await call(ann, `/api/leads/pipeline/${A[0]}/notes`, { method: 'POST', json: { text: 'Left a voicemail' } });
    expect(first.status).toBe(201);
    expect(await json<LeadNote>(first)).toMatchObject({
      leadId: A[0],
      authorId: ann.id,
      authorName: 'Ann Agent',
      text: 'Left a voicemail',
    });
    // The specification's notes call appends to the history too.
    const spec = await call(ann, `/api/leads/mine/${A[0]}`, { method: 'PATCH', json: { notes: 'Wants a quote by Friday' } });
    expect(spec.status).toBe(200);
    await call(manager, `/api/leads/pipeline/${A[0]}/notes`, { method: 'POST', json: { text: 'Priority client' } });

    const history = await json<LeadNote[]>(await call(ann, `/api/leads/pipeline/${A[0]}/notes`));
    expect(history.map((note) => [note.kind, note.authorName, note.text])).toEqual([
      ['note', 'Meg Manager', 'Priority client'],
      ['note', 'Ann Agent', 'Wants a quote by Friday'],
      ['note', 'Ann Agent', 'Left a voicemail'],
    ]);
    // The lead's notes field is the latest note.
    const mine = await page(ann, '/api/leads/mine?length=100');
    expect(mine.data.find((lead) => lead.id === A[0])?.notes).toBe('Priority client');
    expect((await call(ann, `/api/leads/pipeline/${A[0]}/notes`, { method: 'POST', json: { text: '   ' } })).status).toBe(400);
  });
});

describe('filters, sort and the workspace cards', () => {
  beforeAll(async () => {
    // Ann: A[2] overdue, A[3] due today, A[4] tomorrow, A[5] converted now.
    // A follow-up in the past cannot be set (it became overdue as days passed): written as time would leave it.
    await call(ann, `/api/leads/pipeline/${A[2]}`, { method: 'PATCH', json: { stage: 'Interested' } });
    await sql(stack.api, 'update lead_assignments set follow_up_at = $1 where lead_id = $2', [day(-3), A[2]]);
    await call(ann, `/api/leads/pipeline/${A[3]}`, { method: 'PATCH', json: { followUpAt: day(0) } });
    await call(ann, `/api/leads/pipeline/${A[4]}`, { method: 'PATCH', json: { followUpAt: day(1) } });
    await call(ann, `/api/leads/pipeline/${A[5]}`, { method: 'PATCH', json: { stage: 'Converted' } });
    // Bob: a lead overdue (must never show in Ann's lists).
    await sql(stack.api, 'update lead_assignments set follow_up_at = $1 where lead_id = $2', [day(-1), B[1]]);
  });

  it('lists only the leads whose follow-up is due (today or earlier), soonest first', async () => {
    const due = await page(ann, '/api/leads/mine?due=true&sort=followUp&tz=UTC');
    expect(due.data.map((lead) => lead.id)).toEqual([A[2], A[3]]);
    expect(due).toMatchObject({ recordsTotal: 6, recordsFiltered: 2 });
    const sorted = await page(ann, '/api/leads/mine?sort=followUp');
    expect(sorted.data.slice(0, 3).map((lead) => lead.id)).toEqual([A[2], A[3], A[4]]);
  });

  it('filters by stage and by card, and pages on the server', async () => {
    expect((await page(ann, '/api/leads/mine?stage=Interested')).data.map((lead) => lead.id)).toEqual([A[2]]);
    expect((await page(ann, '/api/leads/mine?card=overdue')).data.map((lead) => lead.id)).toEqual([A[2]]);
    expect((await page(ann, '/api/leads/mine?card=dueToday')).data.map((lead) => lead.id)).toEqual([A[3]]);
    expect((await page(ann, '/api/leads/mine?card=convertedThisMonth')).data.map((lead) => lead.id)).toEqual([A[5]]);
    expect((await page(ann, '/api/leads/mine?card=newThisWeek')).recordsFiltered).toBe(5);
    const second = await page(ann, '/api/leads/mine?start=2&length=2&sort=name');
    expect(second).toMatchObject({ recordsTotal: 6, recordsFiltered: 6 });
    expect(second.data.map((lead) => lead.firstName)).toEqual(['Lead3', 'Lead4']);
    expect((await call(ann, '/api/leads/mine?stage=Won')).status).toBe(400);
    expect((await call(ann, '/api/leads/mine?tz=Mars/Base')).status).toBe(400);
  });

  it('counts the cards on the server', async () => {
    const summary = await json<MyLeadsSummary>(await call(ann, '/api/leads/mine/summary?tz=UTC'));
    expect(summary).toMatchObject({ total: 6, dueToday: 1, overdue: 1, newThisWeek: 5, convertedThisMonth: 1 });
    expect(summary.byStage).toEqual({ New: 3, Contacted: 1, Interested: 1, Converted: 1, Lost: 0 });
  });

  it('gives an agent their last 30 days, day by day: assigned, worked and converted, only their own', async () => {
    const activity = await json<MyLeadsActivity>(await call(ann, '/api/leads/mine/activity?tz=UTC'));
    expect(activity.days).toHaveLength(30);
    expect(activity.days[0].day).toBe(day(-29));
    const today = activity.days[29];
    // A[0] was assigned 40 days ago: outside the 30 days. A[5] moved to Converted today.
    const [{ count: written }] = await sql<{ count: string }>(
      stack.api,
      `select count(*) from lead_notes where author_id = $1 and created_at >= current_date`,
      [ann.id],
    );
    expect(today).toEqual({ day: day(0), assigned: 5, worked: Number(written), converted: 1 });
    expect(Number(written)).toBeGreaterThanOrEqual(10);
    expect(activity.days.slice(0, 29).every((entry) => entry.assigned === 0 && entry.converted === 0)).toBe(true);
    const bobs = await json<MyLeadsActivity>(await call(bob, '/api/leads/mine/activity'));
    expect(bobs.days[29]).toMatchObject({ assigned: 3, converted: 0, worked: 0 });
    expect((await call(ann, '/api/leads/mine/activity?tz=Mars/Base')).status).toBe(400);
    expect((await call(manager, '/api/leads/mine/activity')).status).toBe(403);
  });

  it('shows an agent only their own leads, whatever the filter', async () => {
    for (const query of ['', '?due=true', '?card=overdue', '?stage=New', '?search=Pipeline']) {
      const mine = await page(ann, `/api/leads/mine${query}`);
      expect(mine.data.every((lead) => lead.agentId === ann.id && A.includes(lead.id))).toBe(true);
    }
    expect((await page(bob, '/api/leads/mine?due=true')).data.map((lead) => lead.id)).toEqual([B[1]]);
    expect((await call(ann, '/api/leads/team')).status).toBe(403);
    expect((await call(ann, '/api/leads/team/reassign', { method: 'POST', json: { leadIds: [B[0]], toUserId: ann.id } })).status).toBe(403);
  });
});

describe('the team view', () => {
  it('shows a Manager every agent’s leads, by agent and stage', async () => {
    const team = await page(manager, '/api/leads/team?length=100');
    expect(team.recordsTotal).toBe(9);
    expect(new Set(team.data.map((lead) => lead.agentName))).toEqual(new Set(['Ann Agent', 'Bob Agent']));
    const bobs = await page(manager, `/api/leads/team?userId=${bob.id}&length=100`);
    expect(bobs.data.map((lead) => lead.id).sort()).toEqual([...B].sort());
    const interested = await page(manager, '/api/leads/team?stage=Interested&sort=stage');
    expect(interested.data.map((lead) => [lead.id, lead.agentName])).toEqual([
      [B[0], 'Bob Agent'],
      [A[2], 'Ann Agent'],
    ]);
  });

  it('reassigns selected leads to another agent, keeping stage, follow-up and notes', async () => {
    const response = await call(manager, '/api/leads/team/reassign', { method: 'POST', json: { leadIds: [A[0], A[2]], toUserId: bob.id } });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ toUserId: bob.id, name: 'Bob Agent', moved: 2 });
    const bobs = await page(bob, '/api/leads/mine?length=100');
    const moved = bobs.data.find((lead) => lead.id === A[2]);
    expect(moved).toMatchObject({ stage: 'Interested', followUpAt: day(-3), agentId: bob.id, sellers: ['Bob Agent'] });
    expect(bobs.data.find((lead) => lead.id === A[0])?.notes).toBe('Priority client');
    expect((await page(ann, '/api/leads/mine?length=100')).data.map((lead) => lead.id)).not.toContain(A[2]);
    // Ann no longer reaches them.
    expect((await call(ann, `/api/leads/pipeline/${A[2]}/notes`)).status).toBe(404);
    expect((await call(bob, `/api/leads/pipeline/${A[0]}/notes`)).status).toBe(200);
  });

  it('refuses a non-agent and leads nobody works', async () => {
    const toManager = await call(manager, '/api/leads/team/reassign', { method: 'POST', json: { leadIds: [A[1]], toUserId: manager.id } });
    expect(toManager.status).toBe(400);
    const unassigned = await call(manager, '/api/leads/team/reassign', { method: 'POST', json: { leadIds: [A[1], U], toUserId: bob.id } });
    expect(unassigned.status).toBe(400);
    expect((await json<{ errors: { path: string }[] }>(unassigned)).errors.map((error) => error.path)).toEqual(['leadIds.1']);
    // Nothing moved.
    expect((await page(ann, '/api/leads/mine?length=100')).data.map((lead) => lead.id)).toContain(A[1]);
  });
});
