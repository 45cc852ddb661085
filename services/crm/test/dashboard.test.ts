import { randomUUID } from 'node:crypto';
import type { CrmDashboard } from '@backoffice/contracts';
import { signToken } from '@backoffice/platform/testing';
import { sql, startCrm, type CrmStack } from './crm-test-kit';

let crm: CrmStack;

async function json<T>(response: Promise<Response>): Promise<{ status: number; body: T }> {
  const r = await response;
  return { status: r.status, body: (await r.json()) as T };
}
const ann = randomUUID();
const bob = randomUUID();
const idle = randomUUID();

/** A ready group of `count` leads (every other one without a phone when `halfWithoutPhone`), created at `createdAt`. */
async function group(id: number, count: number, createdAt: string, halfWithoutPhone = false): Promise<number[]> {
  await sql(crm.api, `insert into lead_groups (id, name, status, created_at, lead_count) values ($1, $2, 'ready', ${createdAt}, $3)`, [
    id,
    `Group ${id}`,
    count,
  ]);
  await sql(crm.api, `create table leads_p${id} partition of leads for values in (${id})`);
  const rows = await sql<{ id: number }>(
    crm.api,
    `insert into leads (group_id, seq, row_number, first_name, phone, phone_key)
     select $1::int, n, n + 1, 'Lead ' || n, '+1 555 ' || n, case when $2::boolean and n % 2 = 0 then null else '1555' || $1::text || n end
       from generate_series(1, $3) n returning id`,
    [id, halfWithoutPhone, count],
  );
  return rows.map((row) => row.id);
}

async function assign(userId: string, leadIds: number[], groupId: number, assignedAt = 'now()') {
  for (const leadId of leadIds) {
    await sql(crm.api, `insert into lead_assignments (lead_id, group_id, user_id, assigned_at) values ($1, $2, $3, ${assignedAt})`, [
      leadId,
      groupId,
      userId,
    ]);
  }
}

beforeAll(async () => {
  crm = await startCrm();
  for (const [userId, name] of [
    [ann, 'Ann Agent'],
    [bob, 'Bob Agent'],
    [idle, 'Ida Idle'],
  ])
    await sql(crm.api, `insert into sales_agents (user_id, name, email) values ($1, $2, $3)`, [userId, name, `${userId}@test.local`]);
  // This week: 10 leads (5 with a phone); long ago: 4 leads, all with a phone.
  const recent = await group(9001, 10, 'now()', true);
  const old = await group(9002, 4, `now() - interval '30 days'`);
  await assign(ann, [recent[0], recent[2]], 9001);
  await assign(ann, [old[0]], 9002, `now() - interval '20 days'`);
  await assign(bob, [old[1]], 9002);
  for (const [name, error] of [
    ['ok.xlsx', false],
    ['bad.xlsx', true],
    ['worse.xlsx', true],
  ] as const)
    await sql(crm.api, `insert into lead_uploads (name, stored_name, size_bytes, error) values ($1, $2, 1, $3)`, [
      name,
      randomUUID(),
      error,
    ]);
});

afterAll(() => crm?.close());

describe('GET /api/dashboard/crm', () => {
  it('counts unassigned leads, this week’s imports, failed imports and leads per agent for a Manager', async () => {
    const { status, body } = await json<CrmDashboard>(
      crm.api.request('/api/dashboard/crm', { token: signToken({ roles: ['Manager'], sub: randomUUID() }) }),
    );
    expect(status).toBe(200);
    expect(body.mine).toBeNull();
    // With a phone: 5 recent + 4 old = 9; assigned 4 of them.
    expect(body.team).toEqual({
      unassignedLeads: 5,
      leadsImportedThisWeek: 10,
      failedImports: 2,
      leadsPerAgent: [
        { userId: ann, name: 'Ann Agent', leads: 3 },
        { userId: bob, name: 'Bob Agent', leads: 1 },
        { userId: idle, name: 'Ida Idle', leads: 0 },
      ],
    });
    // The figure equals the assignment list's own "unassigned" count.
    const list = await json<{ recordsFiltered: number }>(
      crm.api.request('/api/leads/assignable?unassigned=true&draw=1&start=0&length=10', { roles: ['Manager'] }),
    );
    expect(list.status).toBe(200);
    expect(list.body.recordsFiltered).toBe(5);
  });

  it('answers from memory until the data it counts changes, then at once with the change', async () => {
    const manager = () => json<CrmDashboard>(crm.api.request('/api/dashboard/crm', { roles: ['Manager'] }));
    const version = async () => Number((await sql<{ version: string }>(crm.api, 'select version from crm_data_version'))[0].version);
    const before = (await manager()).body.team!;
    const unchanged = await version();
    // An import's progress on a group that is not ready, and a lead's notes, are not what the figures count.
    await sql(crm.api, `insert into lead_groups (id, name, status) values (9003, 'Importing', 'importing')`);
    await sql(crm.api, `update lead_groups set lead_count = 50, last_row = 50 where id = 9003`);
    await sql(crm.api, `update leads set notes = 'Called' where group_id = 9001`);
    expect(await version()).toBe(unchanged);
    expect((await manager()).body.team).toEqual(before);

    const [lead] = await sql<{ id: number }>(
      crm.api,
      `select id from leads where group_id = 9001 and phone_key is not null and id not in (select lead_id from lead_assignments) limit 1`,
    );
    await assign(bob, [lead.id], 9001);
    await sql(crm.api, `update sales_agents set name = 'Ida Ready' where user_id = $1`, [idle]);
    await sql(crm.api, `insert into lead_uploads (name, stored_name, size_bytes, error) values ('new-bad.xlsx', $1, 1, true)`, [
      randomUUID(),
    ]);
    const after = (await manager()).body.team!;
    expect(after.unassignedLeads).toBe(before.unassignedLeads - 1);
    expect(after.failedImports).toBe(before.failedImports + 1);
    expect(after.leadsPerAgent).toContainEqual({ userId: bob, name: 'Bob Agent', leads: 2 });
    expect(after.leadsPerAgent).toContainEqual({ userId: idle, name: 'Ida Ready', leads: 0 });

    // A group becoming ready counts among this week's imports.
    await sql(crm.api, `update lead_groups set status = 'ready' where id = 9003`);
    expect((await manager()).body.team!.leadsImportedThisWeek).toBe(after.leadsImportedThisWeek + 50);
    await sql(crm.api, `delete from lead_assignments where lead_id = $1 and user_id = $2`, [lead.id, bob]);
    await sql(crm.api, `delete from lead_groups where id = 9003`);
    await sql(crm.api, `update sales_agents set name = 'Ida Idle' where user_id = $1`, [idle]);
    const restored = (await manager()).body.team!;
    expect(restored.unassignedLeads).toBe(before.unassignedLeads);
    expect(restored.leadsImportedThisWeek).toBe(before.leadsImportedThisWeek);
  });

  it('gives a sales agent their own leads only', async () => {
    const { status, body } = await json<CrmDashboard>(
      crm.api.request('/api/dashboard/crm', { token: signToken({ roles: ['Salesagent'], sub: ann }) }),
    );
    expect(status).toBe(200);
    expect(body.team).toBeNull();
    expect(body.mine).toEqual({ leads: 3, assignedThisWeek: 2 });
  });

  it('refuses a ServiceProvider (403) and an anonymous caller (401)', async () => {
    const provider = await crm.api.request('/api/dashboard/crm', { roles: ['ServiceProvider'] });
    expect(provider.status).toBe(403);
    expect(provider.headers.get('content-type')).toContain('application/problem+json');
    expect((await crm.api.request('/api/dashboard/crm', { token: null })).status).toBe(401);
  });
});
