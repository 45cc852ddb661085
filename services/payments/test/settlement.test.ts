import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { TestService } from '@backoffice/platform/testing';
import { createAuthNetSimulator } from '../src/simulator/authnet-simulator';
import { batchOfDay, dayNumber, transactionsOf } from '../src/simulator/simulator-data';
import { startOrdersStub } from './orders-stub';
import { startPayments } from './payments-test-kit';

let simulator: Server;
let service: TestService;
let orders: Awaited<ReturnType<typeof startOrdersStub>>;
const calls: string[] = [];

const DAY = 86_400_000;
const today = dayNumber(Date.now());
const isoDay = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  simulator = createAuthNetSimulator({ loginId: 'sim-login', transactionKey: 'sim-key' });
  simulator.on('request', (req) => calls.push(req.url ?? ''));
  await new Promise<void>((resolve) => simulator.listen(0, '127.0.0.1', resolve));
  const port = (simulator.address() as AddressInfo).port;
  orders = await startOrdersStub();
  service = await startPayments({
    AUTHNET_SIMULATOR: 'true',
    AUTHNET_SIMULATOR_URL: `http://127.0.0.1:${port}/xml/v1/request.api`,
    AUTHNET_SIM_LOGIN_ID: 'sim-login',
    AUTHNET_SIM_TRANSACTION_KEY: 'sim-key',
    AUTHNET_PAGE_SIZE: '10',
    ORDERS_URL: orders.url,
  });
});

afterAll(async () => {
  await service?.close();
  await orders?.close();
  await new Promise((resolve) => simulator?.close(resolve));
});

const get = (path: string, roles: ['Manager'] | ['Salesagent'] = ['Manager']) => service.request(path, { roles });

describe('settled batches', () => {
  it('lists the settled batches of a range with their statistics', async () => {
    const from = today - 10;
    const to = today - 1;
    const response = await get(`/api/payments/settlement/batches?from=${isoDay(from)}&to=${isoDay(to)}`);
    expect(response.status).toBe(200);
    const batches = await response.json();
    const expected = [];
    for (let day = from; day <= to; day++) if (batchOfDay(day)) expected.push(batchOfDay(day)!.batchId);
    expect(batches.map((b: { batchId: string }) => b.batchId)).toEqual(expected);
    const first = batches[0];
    expect(first).toMatchObject({
      settlementState: 'settledSuccessfully',
      paymentMethod: 'creditCard',
      settlementTimeLocal: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
    });
    expect(first.statistics[0]).toMatchObject({
      accountType: expect.any(String),
      chargeAmount: expect.any(Number),
      chargeCount: expect.any(Number),
    });
  });

  it('answers an empty list for a range without batches', async () => {
    const response = await get(`/api/payments/settlement/batches?from=2001-01-01&to=2001-01-01`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it('refuses a range over 31 days, a reversed range and bad dates before asking the provider', async () => {
    const before = calls.length;
    const long = await get(`/api/payments/settlement/batches?from=${isoDay(today - 40)}&to=${isoDay(today)}`);
    expect(long.status).toBe(400);
    expect((await long.json()).errors).toEqual([{ path: 'to', message: 'Max period is 31 days.' }]);
    // 31 calendar days, both ends included, is the longest period.
    expect((await get(`/api/payments/settlement/batches?from=${isoDay(today - 30)}&to=${isoDay(today)}`)).status).toBe(200);
    expect((await get(`/api/payments/settlement/batches?from=${isoDay(today - 31)}&to=${isoDay(today)}`)).status).toBe(400);
    const reversed = await get(`/api/payments/settlement/batches?from=${isoDay(today)}&to=${isoDay(today - 1)}`);
    expect(reversed.status).toBe(400);
    const bad = await get(`/api/payments/settlement/batches?from=11/01/2026&to=`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.map((e: { path: string }) => e.path).sort()).toEqual(['from', 'to']);
    expect(calls.length).toBe(before + 1);
  });

  it('needs a back-office role', async () => {
    expect((await get(`/api/payments/settlement/batches?from=${isoDay(today - 2)}&to=${isoDay(today - 1)}`, ['Salesagent'])).status).toBe(
      403,
    );
  });
});

describe('settled transactions', () => {
  // A long batch (23 transactions) in the last two weeks: three pages of 10.
  const longDay = (() => {
    for (let day = today - 1; day > today - 15; day--) if (day % 7 === 4 && batchOfDay(day)) return day;
    throw new Error('no long batch');
  })();
  const batchId = batchOfDay(longDay)!.batchId;
  const expected = transactionsOf(batchOfDay(longDay)!);

  it('reads every page of a batch, reconciles it with the order payments, and caches the settled batch', async () => {
    // One order payment matching a settled charge, one with a different amount.
    const charges = expected.filter((t) => t.transactionStatus === 'settledSuccessfully');
    const [matched, mismatched] = charges;
    const orderOf = (invoice: string) => `${invoice}-0000-4000-8000-000000000001`;
    for (const [t, amount] of [
      [matched!, matched!.settleAmount],
      [mismatched!, mismatched!.settleAmount + 1],
    ] as const) {
      const created = await service.request('/api/payments', {
        method: 'POST',
        json: {
          orderId: orderOf(t.invoiceNumber),
          amount,
          merchant: 'Authorize.Net',
          transaction: { status: 'Settled', amount, reference: t.transId },
        },
      });
      expect(created.status).toBe(201);
    }

    const before = calls.length;
    const response = await get(`/api/payments/settlement/batches/${batchId}/transactions`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(calls.length - before).toBe(3);
    expect(body.total).toBe(23);
    expect(body.transactions.map((t: { transId: string }) => t.transId)).toEqual(expected.map((t) => t.transId));
    expect(body.transactions[0]).toMatchObject({
      transId: expected[0]!.transId,
      firstName: expected[0]!.firstName,
      lastName: expected[0]!.lastName,
      accountNumber: expected[0]!.accountNumber,
      accountType: expected[0]!.accountType,
      settleAmount: expected[0]!.settleAmount,
      submitTimeUTC: expected[0]!.submitTimeUTC,
      transactionStatus: expected[0]!.transactionStatus,
    });
    const byId = new Map(body.transactions.map((t: { transId: string }) => [t.transId, t]));
    expect(byId.get(matched!.transId)).toMatchObject({ reconciliation: { flag: 'matched', orderId: orderOf(matched!.invoiceNumber) } });
    expect(byId.get(mismatched!.transId)).toMatchObject({
      reconciliation: { flag: 'amount-mismatch', orderId: orderOf(mismatched!.invoiceNumber) },
    });
    expect(byId.get(charges[2]!.transId)).toMatchObject({ reconciliation: { flag: 'no-order', orderId: null } });
    const statuses = new Set(body.transactions.map((t: { transactionStatus: string }) => t.transactionStatus));
    expect(statuses).toContain('refundSettledSuccessfully');

    // Settled batches do not change: the second read asks the provider nothing.
    const again = await get(`/api/payments/settlement/batches/${batchId}/transactions`);
    expect((await again.json()).total).toBe(23);
    expect(calls.length - before).toBe(3);
  });

  it('answers 404 for an unknown batch and 400 for a batch id that is not one', async () => {
    expect((await get(`/api/payments/settlement/batches/99999999999/transactions`)).status).toBe(404);
    expect((await get(`/api/payments/settlement/batches/abc/transactions`)).status).toBe(400);
  });
});

describe('settlement status', () => {
  it('tells the gateway on the internal route that the data is simulated', async () => {
    const response = await service.request('/internal/payments/settlement', { token: null });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ mode: 'simulated' });
  });
});
