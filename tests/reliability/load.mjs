// Load through the gateway, scaled out: a whole stack with two replicas of every service and of the leads worker
// (LOAD_REPLICAS), the gateway balancing between them, demo data; then autocannon at 50 connections with a mix of
// reads and writes while every replica of every service and worker is restarted one at a time with SIGTERM (a
// rolling update; LOAD_ROLLING_RESTART=false to skip it), and a lead spreadsheet is imported by the two workers.
// The load runs for LOAD_DURATION_S or until the rolling restart is over, whichever is later.
//
// Passes when no answer is an error (non-2xx, socket errors and timeouts all count), every acknowledged write is
// in its table, every outbox row of every service reached Kafka exactly once (messages on each topic = its outbox
// rows: none lost, none doubled by two relays), the spreadsheet's leads were imported once, and after the run the
// replicas agree: a signed-out session is refused by every replica, a changed country is seen by every replica.
// Writes its figures to .local/reliability/figures.jsonl (the format of tests/reliability/figures.ts).
//
//   node tests/reliability/load.mjs                      # 2 replicas, rolling restart, 50 connections, >= 60 s
//   LOAD_REPLICAS=1 LOAD_DURATION_S=15 LOAD_CONNECTIONS=20 node tests/reliability/load.mjs   # one replica, short
//
// Its own stack by default (STACK_NAME=load, ports +24000, Redis db 6), so it runs beside other stacks.
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';

process.env.STACK_NAME ??= 'load';
process.env.STACK_PORT_OFFSET ??= '24000';
process.env.STACK_REDIS_DB ??= '6';
process.env.LOG_LEVEL ??= 'warn';
// Two replicas of seven services and a worker share one PostgreSQL (often 100 connections in all): six each
// (with four, a service's start-up hooks, which run side by side, waited past the pool's 5 s for a connection).
process.env.DATABASE_POOL_MAX ??= '6';
// Kubernetes lets the endpoints drop a pod (preStop: sleep 5) before its SIGTERM; here SIGTERM comes at once, so a
// replica keeps serving 3 s after it (as usual, readiness 503) while the gateway and the other services notice.
process.env.SHUTDOWN_DRAIN_MS ??= '3000';

const { ROOT, buildServer } = await import('../../deploy/local/build.mjs');
const { ensureInfra, stopInfra } = await import('../../deploy/local/infra.mjs');
const { freshData, TEST_PROFILE } = await import('../../tools/test-stack.mjs');
const { devKeys, startStack } = await import('../../deploy/local/stack.mjs');
const require = createRequire(import.meta.url);
const autocannon = require(join(ROOT, 'node_modules/autocannon'));
const { eventsOnKafka, eventually, importLeads, json, query, replicasAgree } = await import('./load-checks.mjs');

const DURATION_S = Number(process.env.LOAD_DURATION_S ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const REPLICAS = Number(process.env.LOAD_REPLICAS ?? 2);
const ROLLING = REPLICAS > 1 && process.env.LOAD_ROLLING_RESTART !== 'false';
const TEST = `Load through the gateway${REPLICAS > 1 ? `, ${REPLICAS} replicas${ROLLING ? ', rolling restart' : ''}` : ''}`;
const log = (...args) => console.log(...args);

/** One line of .local/reliability/figures.jsonl, as recordFigure (tests/reliability/figures.ts) writes it. */
function recordFigure(figure, value, unit) {
  const dir = join(ROOT, '.local/reliability');
  mkdirSync(dir, { recursive: true });
  appendFileSync(join(dir, 'figures.jsonl'), `${JSON.stringify({ test: TEST, figure, value, unit, at: new Date().toISOString() })}\n`);
}

async function main() {
  const started = Date.now();
  await buildServer(log);
  const infra = await ensureInfra({ databases: [], log });
  await freshData(infra, TEST_PROFILE);
  log(`› starting the ${process.env.STACK_NAME} stack (ports +${TEST_PROFILE.portOffset}, ${REPLICAS} replicas)`);
  const stack = await startStack(TEST_PROFILE, infra, devKeys(), { replicas: REPLICAS });
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

    // The first failed answers, to say which request failed and how (with the restart log, when).
    const failures = [];
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
          if ((status < 200 || status >= 300) && failures.length < 20) {
            failures.push({
              at: `${((Date.now() - loadStarted) / 1000).toFixed(1)} s`,
              request: key,
              status,
              body: String(body).slice(0, 300),
            });
          }
          request.onResponse?.(status, body, context);
        },
      };
    });

    log(
      `› autocannon: ${CONNECTIONS} connections for ${DURATION_S} s${ROLLING ? ' or the rolling restart' : ''}, ${requests.length} requests per round (2 writes)`,
    );
    const loadStarted = Date.now();
    const cannon = autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: ROLLING ? 3600 : DURATION_S,
      headers,
      requests: timed,
      timeout: 30,
    });
    const leadImport = importLeads(infra, base, login.accessToken);
    let restarted = [];
    let restartSeconds = 0;
    if (ROLLING) {
      await new Promise((resolve) => setTimeout(resolve, 5000)); // under load first
      const rollingStarted = Date.now();
      restarted = await rollingRestart(stack, loadStarted);
      restartSeconds = Math.round((Date.now() - rollingStarted) / 1000);
      const left = DURATION_S * 1000 - (Date.now() - loadStarted);
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
      cannon.stop();
    }
    const result = await cannon;
    const imported = await leadImport;
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
    const events = await eventsOnKafka(infra);
    const agreement = await replicasAgree(infra, base, headers, REPLICAS);

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
      ['replicas of each service and worker', REPLICAS, 'count'],
      ['processes restarted one at a time under load (SIGTERM, then started again)', restarted.length, 'count'],
      ['rolling restart of every replica took', restartSeconds, 's'],
      ['events relayed (outbox rows of every service)', events.rows, 'count'],
      ['events missing from Kafka', events.missing, 'count'],
      ['events on Kafka more than once', events.doubled, 'count'],
      ['leads imported by the two workers, of the sheet', imported.stored, 'count'],
      ['replicas disagreeing after the run (revoked session, changed country)', agreement.problems.length, 'count'],
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
    if (events.missing || events.doubled) problems.push(`${events.missing} events missing and ${events.doubled} doubled on Kafka`);
    if (imported.stored !== imported.rows) problems.push(`the lead sheet's ${imported.rows} rows imported as ${imported.stored} leads`);
    problems.push(...agreement.problems);
    failed = problems.length > 0;
    const { measuredCommit } = await import('../../tools/commit.mjs');
    writeFileSync(
      join(ROOT, 'tests/reliability/load-results.json'),
      `${JSON.stringify(
        {
          test: TEST,
          at: new Date().toISOString(),
          commit: measuredCommit(ROOT),
          passed: !failed,
          problems,
          failures,
          figures: figures.map(([figure, value, unit]) => ({ figure, value, unit })),
        },
        null,
        2,
      )}\n`,
    );
    for (const failure of failures) log(`  failed at ${failure.at}: ${failure.request} → ${failure.status} ${failure.body}`);
    log(
      failed
        ? `✗ load: ${problems.join(', ')}`
        : `✓ load: no errors, no acknowledged write lost, no event lost or doubled${ROLLING ? `, ${restarted.length} processes restarted` : ''}`,
    );
  } finally {
    await stack.stop();
    if (infra.started.length) await stopInfra({ log });
    log(`› load run took ${Math.round((Date.now() - started) / 1000)} s`);
  }
  process.exit(failed ? 1 : 0);
}

/** Every replica of every service and worker (not the gateway, not the card simulator), one at a time. */
async function rollingRestart(stack, loadStarted) {
  const names = stack.children
    .map((entry) => entry.proc)
    .filter((proc) => proc.service !== 'gateway' && proc.deploy !== false)
    .map((proc) => proc.name);
  for (const name of names) {
    const started = Date.now();
    await stack.restart(name);
    const at = ((Date.now() - loadStarted) / 1000).toFixed(1);
    log(`  restarted ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s (done at ${at} s)`);
  }
  return names;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
