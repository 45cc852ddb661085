// Load through the gateway: a whole stack (every service, its workers and the gateway, demo data), then
// autocannon at 50 connections for 60 s with a mix of reads and writes. Passes when no answer is an error
// (non-2xx, socket errors and timeouts all count) and every acknowledged write is in its table
// (counted after), with every order's event relayed from the outbox. Writes requests/s and latency
// percentiles to .local/reliability/figures.jsonl (the format of tests/reliability/figures.ts).
//
//   node tests/reliability/load.mjs                      # 50 connections, 60 s
//   LOAD_DURATION_S=15 LOAD_CONNECTIONS=20 node tests/reliability/load.mjs   # shorter, e.g. in CI
//
// Its own stack by default (STACK_NAME=load, ports +24000, Redis db 6), so it runs beside other stacks.
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';

process.env.STACK_NAME ??= 'load';
process.env.STACK_PORT_OFFSET ??= '24000';
process.env.STACK_REDIS_DB ??= '6';
process.env.LOG_LEVEL ??= 'warn';

const { ROOT, buildServer } = await import('../../deploy/local/build.mjs');
const { ensureInfra, stopInfra } = await import('../../deploy/local/infra.mjs');
const { databasesFor, devKeys, flushRedisDb, PROFILES, recreateDatabases, redisUrlWithDb, startStack } =
  await import('../../deploy/local/stack.mjs');
const require = createRequire(import.meta.url);
const autocannon = require(join(ROOT, 'node_modules/autocannon'));
const pg = require(join(ROOT, 'node_modules/pg'));

const DURATION_S = Number(process.env.LOAD_DURATION_S ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const TEST = 'Load through the gateway';
const log = (...args) => console.log(...args);

/** One line of .local/reliability/figures.jsonl, as recordFigure (tests/reliability/figures.ts) writes it. */
function recordFigure(figure, value, unit) {
  const dir = join(ROOT, '.local/reliability');
  mkdirSync(dir, { recursive: true });
  appendFileSync(join(dir, 'figures.jsonl'), `${JSON.stringify({ test: TEST, figure, value, unit, at: new Date().toISOString() })}\n`);
}

async function json(response) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

async function eventually(what, check, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function query(infra, service, sql, params = []) {
  const client = new pg.Client({ connectionString: infra.databaseUrlFor(PROFILES.test.database(service)) });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function main() {
  const started = Date.now();
  await buildServer(log);
  const infra = await ensureInfra({ databases: [], log });
  await recreateDatabases(infra, databasesFor('test'));
  await flushRedisDb(redisUrlWithDb(infra.redisUrl, PROFILES.test.redisDb));
  log(`› starting the ${process.env.STACK_NAME} stack (ports +${PROFILES.test.portOffset})`);
  const stack = await startStack('test', infra, devKeys());
  let failed = false;
  try {
    const base = stack.url;
    const login = await json(
      await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: process.env.ADMIN_EMAIL ?? 'admin@backoffice.local',
          password: process.env.ADMIN_PASSWORD ?? 'ChangeMe!2026',
        }),
      }),
    );
    const headers = { authorization: `Bearer ${login.accessToken}`, 'content-type': 'application/json' };
    // Orders price items from the catalogue's services, which reach them through Kafka: wait for the demo ones.
    const services = await eventually('the catalogue read model of orders', async () => {
      const rows = await json(await fetch(`${base}/api/orders/read-models/catalogue`, { headers }));
      const active = rows.filter((row) => row.active);
      return active.length >= 1 ? active : undefined;
    });
    const item = services[0];

    const acked = { reviews: [], orders: [] };
    const sent = { reviews: 0, orders: 0 };
    const order = () => ({
      id: randomUUID(),
      name: 'Load Tester',
      contactInfo: '+1 212 555 0142',
      email: 'load@example.com',
      address: '350 5th Ave',
      zipCode: '10001',
      city: 'New York City',
      county: 'New York County',
      state: 'NY',
      country: 'US',
      items: [{ itemId: item.id, quantity: 1 }],
    });
    const requests = [
      { method: 'GET', path: '/api/countries' },
      { method: 'GET', path: '/api/categories' },
      {
        method: 'POST',
        path: '/api/site-reviews',
        setupRequest: (request) => {
          sent.reviews += 1;
          return { ...request, body: JSON.stringify({ name: 'Load Tester', review: `Review ${randomUUID()}`, rate: 5 }) };
        },
        onResponse: (status, body) => {
          if (status >= 200 && status < 300) acked.reviews.push(Number(body));
        },
      },
      { method: 'GET', path: '/api/site-reviews?pageSize=10' },
      {
        method: 'POST',
        path: '/api/orders',
        setupRequest: (request) => {
          sent.orders += 1;
          return { ...request, body: JSON.stringify(order()) };
        },
        onResponse: (status, body) => {
          if (status >= 200 && status < 300) acked.orders.push(JSON.parse(body).id);
        },
      },
      { method: 'GET', path: '/api/orders?pageSize=10' },
      { method: 'GET', path: '/api/branches' },
      { method: 'GET', path: '/api/auth/profile' },
    ];

    // Latency of each kind of request (each connection sends one request at a time, so its context times it).
    const timings = new Map(requests.map((r) => [`${r.method} ${r.path.split('?')[0]}`, []]));
    const timed = requests.map((request) => {
      const key = `${request.method} ${request.path.split('?')[0]}`;
      return {
        ...request,
        setupRequest: (raw, context) => {
          context.startedAt = performance.now();
          return request.setupRequest ? request.setupRequest(raw, context) : raw;
        },
        onResponse: (status, body, context) => {
          timings.get(key).push(performance.now() - context.startedAt);
          request.onResponse?.(status, body, context);
        },
      };
    });

    log(`› autocannon: ${CONNECTIONS} connections for ${DURATION_S} s, ${requests.length} requests per round (2 writes)`);
    const result = await autocannon({ url: base, connections: CONNECTIONS, duration: DURATION_S, headers, requests: timed, timeout: 30 });
    const errors = result.errors + result.timeouts + result.non2xx;
    const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]));

    // Every acknowledged write is in its table.
    const reviewIds = acked.reviews.filter((id) => Number.isInteger(id) && id > 0);
    const storedReviews = Number(
      (await query(infra, 'catalogue', 'select count(*)::int as n from site_reviews where id = any($1::int[])', [reviewIds]))[0].n,
    );
    const storedOrders = Number(
      (await query(infra, 'orders', 'select count(*)::int as n from orders where id = any($1::uuid[])', [acked.orders]))[0].n,
    );
    const lost = acked.reviews.length - storedReviews + (acked.orders.length - storedOrders);
    // And each acknowledged order's event leaves the outbox.
    const unpublished = await eventually(
      'the orders outbox to drain',
      async () => {
        const rows = await query(infra, 'orders', 'select count(*)::int as n from outbox where published_at is null');
        return rows[0].n === 0 ? 0 : undefined;
      },
      60_000,
    ).catch(async () => (await query(infra, 'orders', 'select count(*)::int as n from outbox where published_at is null'))[0].n);

    const figures = [
      ['requests per second (mean)', result.requests.average, 'req/s'],
      ['latency p50', result.latency.p50, 'ms'],
      ['latency p99', result.latency.p99, 'ms'],
      ['latency max', result.latency.max, 'ms'],
      ['requests answered', result.requests.total, 'count'],
      ['errors (non-2xx, socket errors, timeouts)', errors, 'count'],
      ['writes acknowledged (reviews and orders)', acked.reviews.length + acked.orders.length, 'count'],
      ['acknowledged writes missing from their tables', lost, 'count'],
      ['order events left in the outbox', unpublished, 'count'],
      ['connections', CONNECTIONS, 'count'],
      ['duration', DURATION_S, 's'],
    ];
    const percentile = (values, p) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]) : 0;
    };
    for (const [key, values] of timings) figures.push([`${key} p99`, percentile(values, 99), 'ms']);
    for (const [figure, value, unit] of figures) recordFigure(figure, value, unit);
    console.table(figures.map(([figure, value, unit]) => ({ figure, value, unit })));
    log(`status codes: ${JSON.stringify(statuses)}; writes sent: ${sent.reviews} reviews, ${sent.orders} orders`);

    const problems = [];
    if (errors > 0) problems.push(`${errors} errors`);
    if (lost !== 0) problems.push(`${lost} acknowledged writes missing`);
    if (unpublished !== 0) problems.push(`${unpublished} order events not relayed`);
    if (acked.orders.length === 0 || acked.reviews.length === 0) problems.push('no write was acknowledged');
    failed = problems.length > 0;
    log(failed ? `✗ load: ${problems.join(', ')}` : '✓ load: no errors, no acknowledged write lost');
  } finally {
    await stack.stop();
    if (infra.started.length) await stopInfra({ log });
    log(`› load run took ${Math.round((Date.now() - started) / 1000)} s`);
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
