// Dashboard aggregates: GET /api/dashboard/orders and /api/dashboard/crm through the gateway, p95 of
// sequential calls, with 1,000,000 leads, 100,000 orders and 100,000 client services seeded in SQL.
// DASHBOARD_BENCH_SCALE (default 1) shrinks the data for a quick proof that the bench works.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { percentile, row } from './lib.mjs';

export const name = 'dashboard aggregates';

const SCALE = Number(process.env.DASHBOARD_BENCH_SCALE ?? 1);
const LEADS = Math.max(100, Math.round(1_000_000 * SCALE));
const ORDERS = Math.max(100, Math.round(100_000 * SCALE));
const CALLS = Number(process.env.DASHBOARD_BENCH_CALLS ?? 200);
const AGENTS = 20;

async function seedCrm(pool) {
  const groupId = (await pool.query(`select coalesce(max(id), 0) + 100000 as id from lead_groups`)).rows[0].id;
  await pool.query(`insert into lead_groups (id, name, status, lead_count) values ($1, 'dashboard bench', 'ready', $2)`, [groupId, LEADS]);
  await pool.query(`create table leads_p${groupId} partition of leads for values in (${groupId})`);
  await pool.query(
    `insert into leads (group_id, seq, row_number, first_name, phone, phone_key)
     select $1::int, n, n + 1, 'Bench ' || n, '+1 555 ' || n, 'b' || $1::text || '-' || n from generate_series(1, $2::int) n`,
    [groupId, LEADS],
  );
  const agents = Array.from({ length: AGENTS }, () => randomUUID());
  for (const [i, id] of agents.entries())
    await pool.query(`insert into sales_agents (user_id, name, email) values ($1, $2, $3) on conflict do nothing`, [
      id,
      `Bench Agent ${i}`,
      `${id}@bench.local`,
    ]);
  // A third of the leads assigned, spread over the agents.
  await pool.query(
    `insert into lead_assignments (lead_id, group_id, user_id)
     select l.id, l.group_id, ($2::uuid[])[1 + (l.seq % $3::int)] from leads l where l.group_id = $1 and l.seq % 3 = 0`,
    [groupId, agents, AGENTS],
  );
  await pool.query(`analyze leads; analyze lead_assignments; analyze lead_groups`);
}

async function seedOrders(pool) {
  await pool.query(
    `insert into orders (id, name, contact_info, address, zip_code, city, state, country, subtotal, discount, tax_rate, tax, shipping_fee, amount, status, created_date, paid_at)
     select gen_random_uuid(), 'Bench client', '+1 555', '1 Main St', '10001', 'NYC', 'NY', 'US', 10, 0, 0, 0, 0, 10 + n % 90,
            case when n % 4 = 0 then 'Pending' else 'Paid' end, now() - (n % 60) * interval '1 day',
            case when n % 4 = 0 then null else now() - (n % 60) * interval '1 day' end
       from generate_series(1, $1::int) n`,
    [ORDERS],
  );
  await pool.query(
    `insert into order_items (order_id, item_id, position, item_name, item_type, amount, quantity, total)
     select id, 1, 0, 'Bench service', 'Online', amount, 1, amount from orders where name = 'Bench client'
     on conflict do nothing`,
  );
  await pool.query(
    `insert into client_services (id, order_id, service_id, service_name, delivery_type, provider_id, status, created_date)
     select gen_random_uuid(), o.id, 1, 'Bench service', 'Online',
            case when random() < 0.5 then null else gen_random_uuid() end,
            (array['Created','Verified','Filled','Completed','Cancelled'])[1 + floor(random() * 5)::int], o.created_date
       from orders o where o.name = 'Bench client'
     on conflict do nothing`,
  );
  // As autovacuum leaves a table at rest (it also runs after bulk inserts): statistics, and the visibility map the
  // dashboard's index-only scans need — right after a bulk insert without it, every index entry costs a heap visit.
  for (const table of ['orders', 'order_items', 'client_services']) await pool.query(`vacuum analyze ${table}`);
}

export async function run({ stack, token, databaseUrl }) {
  const crm = new pg.Pool({ connectionString: databaseUrl('crm'), max: 2 });
  const orders = new pg.Pool({ connectionString: databaseUrl('orders'), max: 2 });
  const rows = [];
  try {
    await seedCrm(crm);
    await seedOrders(orders);
    const headers = { authorization: `Bearer ${token}` };
    for (const path of ['/api/dashboard/orders', '/api/dashboard/crm']) {
      const times = [];
      for (let i = 0; i < CALLS + 5; i++) {
        const started = performance.now();
        const response = await fetch(`${stack.url}${path}`, { headers });
        if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
        await response.arrayBuffer();
        if (i >= 5) times.push(performance.now() - started);
      }
      const p95 = percentile(times, 95);
      const data = `${LEADS.toLocaleString('en-US')} leads, ${ORDERS.toLocaleString('en-US')} orders and client services`;
      rows.push(row(name, `GET ${path} p95 via gateway (${data})`, p95, 'ms', { goal: '≤ 50 ms', met: p95 <= 50 }));
    }
  } finally {
    await crm.end();
    await orders.end();
  }
  return rows;
}
