import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import { ORDERS_ORDER_TOPIC, type SalesAgentReport } from '@backoffice/contracts';
import { ensureTopics, topicName } from '@backoffice/platform';
import { kafkaBrokers } from '@backoffice/platform/testing';
import { sql, startCrm, type CrmStack } from './crm-test-kit';

/*
 * The sales agent report against real PostgreSQL and Kafka: leads and their assignments are seeded in
 * crm's tables, orders arrive as orders.order.v1 events (as the orders service publishes them) through
 * crm's consumer into its read model; the report's figures are checked per agent and per period.
 */

let stack: CrmStack;
let producer: Producer;
const kafka = new Kafka({
  clientId: `crm-report-test-${randomUUID().slice(0, 8)}`,
  brokers: kafkaBrokers().split(','),
  logLevel: logLevel.NOTHING,
});

const ANN = { id: randomUUID(), name: 'Ann Agent', email: 'ann@report.test' };
const BOB = { id: randomUUID(), name: 'Bob Agent', email: 'bob@report.test' };
const CY = { id: randomUUID(), name: '@Cy Formula', email: 'cy@report.test' };

/** Leads by name: their phone and email as imported (keys as the importer makes them). */
const LEADS = {
  L1: { phone: '+1 555 010 0001', email: 'l1@report.test' },
  L2: { phone: '+1 555 010 0002', email: 'L2@Report.test' },
  L3: { phone: '+1 555 010 0003', email: '' },
  L4: { phone: '', email: 'l4@report.test' },
  L5: { phone: '+1 555 010 0005', email: '' },
  L6: { phone: '+1 555 010 0006', email: '' },
  L7: { phone: '+1 555 010 0007', email: 'l7@report.test' },
} as const;
type LeadName = keyof typeof LEADS;
const leadIds = {} as Record<LeadName, number>;

async function eventually<T>(check: () => Promise<T | undefined | false>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function seedLeadsAndAssignments() {
  const [group] = await sql<{ id: number }>(
    stack.api,
    `insert into lead_groups (name, status) values ('Report leads', 'ready') returning id`,
  );
  const groupId = group!.id;
  await sql(stack.api, `create table leads_p${groupId} partition of leads for values in (${groupId})`);
  let seq = 0;
  for (const [name, lead] of Object.entries(LEADS) as [LeadName, (typeof LEADS)[LeadName]][]) {
    seq++;
    const [row] = await sql<{ id: number }>(
      stack.api,
      `insert into leads (group_id, seq, row_number, first_name, last_name, email, email_key, phone, phone_key)
       values ($1, $2, $3, $4, 'Lead', $5, $6, $7, $8) returning id`,
      [
        groupId,
        seq,
        seq + 1,
        name,
        lead.email,
        lead.email ? lead.email.toLowerCase() : null,
        lead.phone,
        lead.phone ? lead.phone.replace(/\D/g, '') : null,
      ],
    );
    leadIds[name] = row!.id;
  }
  for (const agent of [ANN, BOB, CY]) {
    await sql(stack.api, `insert into sales_agents (user_id, name, email) values ($1, $2, $3)`, [agent.id, agent.name, agent.email]);
  }
  const assign = (agent: { id: string }, lead: LeadName, at: string) =>
    sql(stack.api, `insert into lead_assignments (lead_id, group_id, user_id, assigned_at) values ($1, $2, $3, $4)`, [
      leadIds[lead],
      groupId,
      agent.id,
      at,
    ]);
  await assign(ANN, 'L1', '2026-03-02T10:00:00Z');
  await assign(ANN, 'L2', '2026-03-05T10:00:00Z');
  await assign(ANN, 'L4', '2026-03-10T10:00:00Z');
  await assign(ANN, 'L7', '2026-03-15T10:00:00Z');
  await assign(ANN, 'L3', '2026-03-31T23:30:00Z'); // March in UTC and in New York
  await assign(BOB, 'L6', '2026-02-27T10:00:00Z');
  await assign(BOB, 'L5', '2026-03-03T10:00:00Z');
  await assign(BOB, 'L1', '2026-03-20T10:00:00Z'); // a lead Ann has too
  await assign(CY, 'L7', '2026-04-01T00:30:00Z'); // April in UTC, still March 31 in New York
  // The pipeline: Ann converted L2 and lost L7 (Cy has L7 too, shared), Bob converted L5.
  for (const [lead, stage] of [
    ['L2', 'Converted'],
    ['L7', 'Lost'],
    ['L5', 'Converted'],
  ] as const)
    await sql(stack.api, `update lead_assignments set stage = $1, stage_changed_at = now() where lead_id = $2`, [stage, leadIds[lead]]);
}

const envelope = (type: 'created' | 'paid', orderId: string, data: Record<string, unknown>, id: string = randomUUID()) => ({
  specversion: '1.0',
  id,
  type,
  source: 'orders',
  time: new Date().toISOString(),
  subject: orderId,
  datacontenttype: 'application/json',
  data: { orderId, ...data },
});

/** An orders.order.v1 `created` as the orders service writes it (writeOrder in order.repository.ts). */
const created = (orderId: string, fields: { phone?: string; email?: string | null; amount: number; createdDate: string }, id?: string) =>
  envelope(
    'created',
    orderId,
    {
      userId: null,
      name: 'A Client',
      phone: fields.phone ?? '+44 20 7946 0000',
      email: fields.email ?? null,
      amount: fields.amount,
      discount: 0,
      tax: 0,
      shippingFee: 0,
      items: [{ itemId: 1, itemName: 'Tourist visa application', quantity: 1, total: fields.amount }],
      createdDate: fields.createdDate,
    },
    id,
  );
const paid = (orderId: string, paidAt: string) => envelope('paid', orderId, { paymentId: randomUUID(), paidAt });

const ids: string[] = [];
async function publish(orderId: string, values: unknown[]) {
  for (const value of values) if (typeof value === 'object' && value && 'id' in value) ids.push((value as { id: string }).id);
  await producer.send({
    topic: topicName(ORDERS_ORDER_TOPIC),
    acks: -1,
    messages: values.map((value) => ({ key: orderId, value: typeof value === 'string' ? value : JSON.stringify(value) })),
  });
}

const O = Object.fromEntries(['O1', 'O2', 'O3', 'O4', 'O5', 'O6', 'O7', 'O8', 'O9'].map((name) => [name, randomUUID()])) as Record<
  string,
  string
>;

async function publishOrders() {
  const o1 = created(O.O1!, { phone: '+1 (555) 010-0001', amount: 100, createdDate: '2026-03-04T12:00:00Z' });
  // O1 is delivered twice (same event id, as the relay may): the second copy, with another amount, is ignored.
  await publish(O.O1!, [o1, { ...o1, data: { ...o1.data, amount: 999 } }, paid(O.O1!, '2026-03-04T12:05:00Z')]);
  await publish(O.O2!, [created(O.O2!, { email: 'l2@report.TEST', amount: 50.25, createdDate: '2026-03-06T12:00:00Z' })]);
  // Matches L2 by phone and by email: one order.
  await publish(O.O3!, [
    created(O.O3!, { phone: '15550100002', email: 'L2@report.test', amount: 20, createdDate: '2026-03-07T12:00:00Z' }),
    paid(O.O3!, '2026-03-08T00:00:00Z'),
  ]);
  // One order of two of Ann's leads (L1 by phone, L4 by email): counted once for her.
  await publish(O.O4!, [
    created(O.O4!, { phone: '1-555-010-0001', email: 'l4@report.test', amount: 10, createdDate: '2026-03-12T12:00:00Z' }),
  ]);
  // Placed by L5 before Bob had the lead: not his.
  await publish(O.O5!, [created(O.O5!, { phone: '+1 555 010 0005', amount: 1000, createdDate: '2026-03-01T12:00:00Z' })]);
  // Placed by L5 long after: his, even after the period.
  await publish(O.O6!, [
    created(O.O6!, { phone: '+1 555 010 0005', amount: 300, createdDate: '2026-04-15T12:00:00Z' }),
    paid(O.O6!, '2026-04-15T13:00:00Z'),
  ]);
  // L1 again, after both Ann and Bob had it: counts for both.
  await publish(O.O7!, [created(O.O7!, { phone: '+1 555 010 0001', amount: 40, createdDate: '2026-03-25T12:00:00Z' })]);
  // L6 (Bob since February).
  await publish(O.O8!, [created(O.O8!, { phone: '+1 555 010 0006', amount: 75, createdDate: '2026-03-10T12:00:00Z' })]);
  // The payment's event first, then the order's: both kept.
  await publish(O.O9!, [
    paid(O.O9!, '2026-04-02T13:00:00Z'),
    created(O.O9!, { phone: '+1 555 010 0003', amount: 70, createdDate: '2026-04-02T12:00:00Z' }),
  ]);
  // Garbage on the topic is skipped.
  await publish(randomUUID(), ['not json', { id: 'x', type: 'created', data: {} }]);
}

beforeAll(async () => {
  stack = await startCrm();
  producer = kafka.producer();
  await ensureTopics(kafka, [{ name: topicName(ORDERS_ORDER_TOPIC) }]);
  await producer.connect();
  await seedLeadsAndAssignments();
  await publishOrders();
  await eventually(
    async () => {
      const rows = await sql<{ n: number }>(
        stack.api,
        `select count(*)::int as n from inbox where consumer = 'crm.order-read-model' and event_id = any($1::uuid[])`,
        [[...new Set(ids.filter((id) => /^[0-9a-f-]{36}$/.test(id)))]],
      );
      return rows[0]!.n === new Set(ids.filter((id) => /^[0-9a-f-]{36}$/.test(id))).size;
    },
    'crm to read every order event',
    90_000,
  );
}, 180_000);

afterAll(async () => {
  await producer?.disconnect();
  await stack?.close();
});

const report = async (query: string, roles: ('Admin' | 'Manager' | 'Salesagent')[] = ['Manager']) =>
  stack.api.request(`/api/reports/sales-agents?${query}`, { roles });

async function figures(query: string): Promise<SalesAgentReport> {
  const response = await report(query);
  expect(response.status).toBe(200);
  return (await response.json()) as SalesAgentReport;
}

it('keeps each order once in the read model, with the client keys and the paid time', async () => {
  const rows = await sql<{ order_id: string; amount: string; phone_key: string | null; email_key: string | null; paid_at: Date | null }>(
    stack.api,
    `select order_id, amount::text, phone_key, email_key, paid_at from reported_orders where order_id = any($1::uuid[]) order by created_date`,
    [[O.O1, O.O2, O.O9]],
  );
  expect(rows).toEqual([
    { order_id: O.O1, amount: '100.00', phone_key: '15550100001', email_key: null, paid_at: new Date('2026-03-04T12:05:00Z') },
    { order_id: O.O2, amount: '50.25', phone_key: '442079460000', email_key: 'l2@report.test', paid_at: null },
    { order_id: O.O9, amount: '70.00', phone_key: '15550100003', email_key: null, paid_at: new Date('2026-04-02T13:00:00Z') },
  ]);
});

it('gives per agent the leads assigned in the period, those that became clients, their orders and amounts', async () => {
  const march = await figures('from=2026-03-01&to=2026-03-31');
  expect(march).toEqual({
    from: '2026-03-01',
    to: '2026-03-31',
    timeZone: 'UTC',
    rows: [
      {
        userId: ANN.id,
        name: 'Ann Agent',
        email: 'ann@report.test',
        // L1, L2, L3, L4, L7; all but L7 ordered: O1, O4, O7 (L1), O2, O3 (L2), O9 (L3), O4 (L4 — the same order)
        leadsAssigned: 5,
        convertedLeads: 4,
        orders: 6,
        orderAmount: 290.25,
        paidAmount: 190,
        // L2 of 5
        pipelineConverted: 1,
        pipelineConversion: 0.2,
      },
      {
        userId: BOB.id,
        name: 'Bob Agent',
        email: 'bob@report.test',
        // L5 (O6; O5 was placed before), L1 (O7; O1 and O4 were placed before he had it)
        leadsAssigned: 2,
        convertedLeads: 2,
        orders: 2,
        orderAmount: 340,
        paidAmount: 300,
        // L5 of 2
        pipelineConverted: 1,
        pipelineConversion: 0.5,
      },
    ],
    totals: {
      leadsAssigned: 7,
      convertedLeads: 6,
      orders: 8,
      orderAmount: 630.25,
      paidAmount: 490,
      pipelineConverted: 2,
      pipelineConversion: 0.2857,
    },
  });
});

it('counts days in the time zone asked for, both ends included', async () => {
  const newYork = await figures('from=2026-03-01&to=2026-03-31&tz=America/New_York');
  expect(newYork.timeZone).toBe('America/New_York');
  expect(newYork.rows.map((row) => [row.name, row.leadsAssigned, row.convertedLeads, row.orders])).toEqual([
    ['@Cy Formula', 1, 0, 0],
    ['Ann Agent', 5, 4, 6],
    ['Bob Agent', 2, 2, 2],
  ]);

  const lastDay = await figures('from=2026-03-31&to=2026-03-31');
  expect(lastDay.rows).toEqual([
    expect.objectContaining({ name: 'Ann Agent', leadsAssigned: 1, convertedLeads: 1, orders: 1, orderAmount: 70, paidAmount: 70 }),
  ]);

  const february = await figures('from=2026-02-01&to=2026-02-28');
  expect(february.rows).toEqual([
    {
      userId: BOB.id,
      name: 'Bob Agent',
      email: 'bob@report.test',
      leadsAssigned: 1,
      convertedLeads: 1,
      orders: 1,
      orderAmount: 75,
      paidAmount: 0,
      pipelineConverted: 0,
      pipelineConversion: 0,
    },
  ]);

  const empty = await figures('from=2025-01-01&to=2025-01-31');
  expect(empty.rows).toEqual([]);
  expect(empty.totals).toEqual({
    leadsAssigned: 0,
    convertedLeads: 0,
    orders: 0,
    orderAmount: 0,
    paidAmount: 0,
    pipelineConverted: 0,
    pipelineConversion: 0,
  });
});

it('refuses a bad period with a clear 400, and agents', async () => {
  const cases: [string, string, RegExp][] = [
    ['from=2026-03-31&to=2026-03-01', 'to', /To must not be before From/],
    ['from=03/01/2026&to=2026-03-31', 'from', /From must be a date \(YYYY-MM-DD\)/],
    ['from=2026-02-30&to=2026-03-31', 'from', /From must be a date/],
    ['from=2026-03-01', 'to', /To must be a date/],
    ['from=2026-03-01&to=2026-03-31&tz=Mars/Olympus_Mons', 'tz', /IANA time zone/],
  ];
  for (const [query, path, message] of cases) {
    const response = await report(query);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/application\/problem\+json/);
    const problem = (await response.json()) as { errors: { path: string; message: string }[] };
    expect(problem.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path, message: expect.stringMatching(message) })]));
  }
  expect((await report('from=2026-03-01&to=2026-03-31', ['Salesagent'])).status).toBe(403);
  expect((await report('from=2026-03-01&to=2026-03-31', ['Admin'])).status).toBe(200);
});

it('exports the same figures as CSV, safe to open in a spreadsheet', async () => {
  const response = await stack.api.request('/api/reports/sales-agents/export.csv?from=2026-03-01&to=2026-03-31&tz=America/New_York', {
    roles: ['Manager'],
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(response.headers.get('content-disposition')).toContain('sales-agents-2026-03-01-to-2026-03-31.csv');
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
  expect(text).toBe(
    '\uFEFFSales agent,Email,Leads assigned,Converted leads,Orders,Order amount,Paid amount,Converted in pipeline,Pipeline conversion\r\n' +
      "'@Cy Formula,cy@report.test,1,0,0,0.00,0.00,0,0%\r\n" +
      'Ann Agent,ann@report.test,5,4,6,290.25,190.00,1,20%\r\n' +
      'Bob Agent,bob@report.test,2,2,2,340.00,300.00,1,50%\r\n' +
      'Total,,8,6,8,630.25,490.00,2,25%\r\n',
  );
  expect(
    (await stack.api.request('/api/reports/sales-agents/export.csv?from=2026-03-31&to=2026-03-01', { roles: ['Manager'] })).status,
  ).toBe(400);
});
