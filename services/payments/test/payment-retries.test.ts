import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { signToken, type TestService } from '@backoffice/platform/testing';
import { startOrdersStub } from './orders-stub';
import { startPayments } from './payments-test-kit';

/** Retries that are safe (Idempotency-Key, a provider's reference) and money that adds up (issue 43). */

let service: TestService;
let db: Client;
const totals = new Map<string, number>();
let orders: Awaited<ReturnType<typeof startOrdersStub>>;
/** One API client with payments:write: its keys are its own. */
const client = randomUUID();
const token = () => signToken({ sub: client, roles: [], scope: 'payments:write' });

beforeAll(async () => {
  orders = await startOrdersStub(new Set(), totals);
  service = await startPayments({ ORDERS_URL: orders.url });
  db = new Client({ connectionString: service.databaseUrl });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await service?.close();
  await orders?.close();
});

const post = (json: unknown, key?: string, as: string = token()) =>
  service.request('/api/payments', { method: 'POST', json, token: as, headers: key ? { 'Idempotency-Key': key } : {} });

async function paymentRows(orderId: string) {
  const { rows } = await db.query<{ id: string; amount: string }>('select id, amount from order_payments where order_id = $1', [orderId]);
  return rows;
}

async function transactionRows(orderId: string) {
  const { rows } = await db.query<{ status: string; amount: string; reference: string | null }>(
    `select t.status, t.amount, t.reference from payment_transactions t join order_payments p on p.id = t.payment_id
     where p.order_id = $1 order by t.created_at`,
    [orderId],
  );
  return rows;
}

const readme = (orderId: string) => ({
  orderId,
  amount: 120,
  merchant: 'Stripe',
  transaction: { status: 'Captured', amount: 120, reference: `ch_${randomUUID().slice(0, 8)}` },
});

describe('Idempotency-Key on POST /api/payments', () => {
  it('answers a retry with the first answer, status and body, and records one payment', async () => {
    const orderId = randomUUID();
    const key = randomUUID();
    const body = { orderId, amount: 120, merchant: 'Stripe' };
    const first = await post(body, key);
    expect(first.status).toBe(201);
    const firstBody = await first.text();
    const again = await post(body, key);
    expect(again.status).toBe(201);
    expect(await again.text()).toBe(firstBody);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(await paymentRows(orderId)).toHaveLength(1);
    // The same body written otherwise (key order, spacing) is the same request.
    const reordered = await service.request('/api/payments', {
      method: 'POST',
      token: token(),
      headers: { 'Idempotency-Key': key, 'content-type': 'application/json' },
      body: `{ "merchant": "Stripe",  "amount": 120, "orderId": "${orderId}" }`,
    });
    expect(reordered.status).toBe(201);
    expect(await paymentRows(orderId)).toHaveLength(1);
  });

  it('refuses the same key with another body: 422 naming the key, nothing recorded', async () => {
    const orderId = randomUUID();
    const key = randomUUID();
    expect((await post({ orderId, amount: 10, merchant: 'Stripe' }, key)).status).toBe(201);
    const other = await post({ orderId, amount: 11, merchant: 'Stripe' }, key);
    expect(other.status).toBe(422);
    const problem = await other.json();
    expect(problem).toMatchObject({ code: 'idempotency_key_reused', status: 422 });
    expect(problem.detail).toContain(key);
    expect(await paymentRows(orderId)).toEqual([expect.objectContaining({ amount: '10.00' })]);
  });

  it('keeps keys per caller: another client with the same key runs its own request', async () => {
    const orderId = randomUUID();
    const key = randomUUID();
    expect((await post({ orderId, amount: 10, merchant: 'Stripe' }, key)).status).toBe(201);
    const otherClient = signToken({ sub: randomUUID(), roles: [], scope: 'payments:write' });
    expect((await post({ orderId, amount: 10, merchant: 'Stripe' }, key, otherClient)).status).toBe(201);
    expect(await paymentRows(orderId)).toHaveLength(2);
  });

  it('runs twins sent at once only once: every answer is the one payment', async () => {
    const orderId = randomUUID();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post({ orderId, amount: 50, merchant: 'Stripe' }, key)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(await Promise.all(answers.map(async (a) => ((await a.json()) as { id: string }).id)));
    expect(ids.size).toBe(1);
    expect(await paymentRows(orderId)).toHaveLength(1);
  });

  it('keeps no error answer: a retry after a refusal runs again', async () => {
    const orderId = randomUUID();
    const key = randomUUID();
    totals.set(orderId, 5);
    const refused = await post({ orderId, amount: 10, merchant: 'Stripe' }, key);
    expect(refused.status).toBe(422);
    totals.set(orderId, 50);
    expect((await post({ orderId, amount: 10, merchant: 'Stripe' }, key)).status).toBe(201);
  });

  it('keeps the answer in the database for 24 hours, for every replica', async () => {
    const orderId = randomUUID();
    const key = randomUUID();
    await post({ orderId, amount: 10, merchant: 'Stripe' }, key);
    const { rows } = await db.query<{ hours: number }>(
      `select extract(epoch from expires_at - created_at) / 3600 as hours from idempotency_keys where key = $1`,
      [key],
    );
    expect(Number(rows[0]!.hours)).toBeGreaterThanOrEqual(24);
  });

  it('is documented on the operation: the header, and its 422 and 409', async () => {
    type Doc = {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }>>;
    };
    const doc = (await (await service.request('/openapi.json')).json()) as Doc;
    const operation = doc.paths['/api/payments']!.post!;
    expect(operation.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }));
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['201', '200', '409', '422']));
  });

  it('refuses a malformed key', async () => {
    const response = await post({ orderId: randomUUID(), amount: 10, merchant: 'Stripe' }, 'x'.repeat(256));
    expect(response.status).toBe(400);
  });
});

describe("a transaction's reference, unique per merchant", () => {
  it('answers a retried payment with its transaction (no key) with the payment recorded: one payment, one transaction', async () => {
    const orderId = randomUUID();
    const body = readme(orderId);
    const first = await post(body);
    expect(first.status).toBe(201);
    const again = await post(body);
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe((await first.json()).id);
    expect(await paymentRows(orderId)).toHaveLength(1);
    expect(await transactionRows(orderId)).toHaveLength(1);
  });

  it('moves a transaction forward, Authorized → Captured → Settled, under its reference instead of refusing it', async () => {
    const orderId = randomUUID();
    const payment = await (await post({ orderId, amount: 80, merchant: 'Authorize.Net' })).json();
    const reference = `auth-${randomUUID().slice(0, 8)}`;
    const authorized = await post({ orderId, paymentId: payment.id, transaction: { status: 'Authorized', amount: 80, reference } });
    expect(authorized.status).toBe(201);
    expect(await authorized.json()).toMatchObject({ status: 'Pending', paid: false });
    const captured = await post({ orderId, paymentId: payment.id, transaction: { status: 'Captured', amount: 80, reference } });
    expect(captured.status).toBe(201);
    const capturedBody = await captured.json();
    expect(capturedBody).toMatchObject({ status: 'Paid', paid: true, paidAmount: 80 });
    expect(capturedBody.transactions).toEqual([expect.objectContaining({ status: 'Captured', amount: 80, reference })]);
    expect((await post({ orderId, paymentId: payment.id, transaction: { status: 'Settled', amount: 80, reference } })).status).toBe(201);
    expect(await transactionRows(orderId)).toEqual([{ status: 'Settled', amount: '80.00', reference }]);
    const { rows } = await db.query<{ type: string }>('select type from outbox where key = $1 order by seq', [orderId]);
    expect(rows.map((r) => r.type)).toEqual(['created', 'transaction-added', 'transaction-updated', 'transaction-updated']);

    // Backwards, or for more than was authorized, is still a conflict.
    const back = await post({ orderId, paymentId: payment.id, transaction: { status: 'Authorized', amount: 80, reference } });
    expect(back.status).toBe(409);
    expect(await back.json()).toMatchObject({ code: 'transaction_reference_conflict' });
  });

  it("refuses a reference another order's payment of the same merchant holds", async () => {
    const body = readme(randomUUID());
    expect((await post(body)).status).toBe(201);
    const elsewhere = await post({ ...body, orderId: randomUUID() });
    expect(elsewhere.status).toBe(409);
    expect(await elsewhere.json()).toMatchObject({ code: 'transaction_reference_conflict' });
    // Another merchant's reference is another transaction.
    expect((await post({ ...body, orderId: randomUUID(), merchant: 'Cash' })).status).toBe(201);
  });
});

describe('money that adds up', () => {
  it("refuses a payment above the order's balance, naming the balance", async () => {
    const orderId = randomUUID();
    totals.set(orderId, 162.22);
    expect((await post({ orderId, amount: 100, merchant: 'Stripe' })).status).toBe(201);
    const over = await post({ orderId, amount: 100, merchant: 'Stripe' });
    expect(over.status).toBe(422);
    const problem = await over.json();
    expect(problem).toMatchObject({ code: 'payment_exceeds_balance' });
    expect(problem.detail).toContain('62.22');
    expect(problem.errors).toEqual([{ path: 'amount', message: expect.stringContaining('62.22') }]);
    expect((await post({ orderId, amount: 62.22, merchant: 'Stripe' })).status).toBe(201);
    expect(await paymentRows(orderId)).toHaveLength(2);
  });

  it('refuses a second full payment of a paid order (the retried README call without a reference)', async () => {
    const orderId = randomUUID();
    totals.set(orderId, 120);
    const body = { orderId, amount: 120, merchant: 'Stripe', transaction: { status: 'Captured', amount: 120 } };
    expect((await post(body)).status).toBe(201);
    expect((await post(body)).status).toBe(422);
    expect(await paymentRows(orderId)).toHaveLength(1);
  });

  it('refuses a transaction above its payment, naming the balance: $999,999 on a $1 payment', async () => {
    const orderId = randomUUID();
    totals.set(orderId, 162.22);
    const payment = await (await post({ orderId, amount: 1, merchant: 'Stripe' })).json();
    const huge = await post({ orderId, paymentId: payment.id, transaction: { status: 'Captured', amount: 999_999 } });
    expect(huge.status).toBe(422);
    const problem = await huge.json();
    expect(problem).toMatchObject({ code: 'transaction_exceeds_payment' });
    expect(problem.detail).toContain('balance of 1.00');
    expect(await transactionRows(orderId)).toEqual([]);

    expect((await post({ orderId, paymentId: payment.id, transaction: { status: 'Captured', amount: 0.6 } })).status).toBe(201);
    const rest = await post({ orderId, paymentId: payment.id, transaction: { status: 'Captured', amount: 0.5 } });
    expect(rest.status).toBe(422);
    expect((await rest.json()).detail).toContain('balance of 0.40');
    const refund = await post({ orderId, paymentId: payment.id, transaction: { status: 'Refunded', amount: 0.7 } });
    expect(refund.status).toBe(422);
    expect((await post({ orderId, paymentId: payment.id, transaction: { status: 'Captured', amount: 0.4 } })).status).toBe(201);
  });

  it('lets concurrent payments of one order fit its balance only once', async () => {
    const orderId = randomUUID();
    totals.set(orderId, 100);
    const answers = await Promise.all(Array.from({ length: 4 }, () => post({ orderId, amount: 100, merchant: 'Stripe' })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422]);
    expect(await paymentRows(orderId)).toHaveLength(1);
  });
});
