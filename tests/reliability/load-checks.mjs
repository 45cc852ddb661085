// The checks of the load run (load.mjs): HTTP and SQL helpers, the lead import run beside the load, the events on
// Kafka against the outboxes, and the replicas' agreement after the run. Imported by load.mjs once it has set the
// stack's environment (TEST_PROFILE reads it).
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const { ROOT } = await import('../../deploy/local/build.mjs');
const { TEST_PROFILE } = await import('../../tools/test-stack.mjs');
const { contracts, REPLICA_PORT_STEP } = await import('../../deploy/local/stack.mjs');
const require = createRequire(import.meta.url);
const pg = require(join(ROOT, 'node_modules/pg'));
const kafkajs = require(join(ROOT, 'node_modules/kafkajs'));
const ExcelJS = require(join(ROOT, 'node_modules/exceljs'));

export async function json(response) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

export async function eventually(what, check, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function query(infra, service, sql, params = []) {
  const client = new pg.Client({ connectionString: infra.databaseUrlFor(TEST_PROFILE.database(service)) });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** A lead spreadsheet uploaded and extracted while the load runs: its leads are in the database once. */
export async function importLeads(infra, base, token) {
  const rows = 2000;
  const run = randomUUID().slice(0, 8);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Leads');
  sheet.addRow(['SSN', 'First Name', 'Last Name', 'Work At', 'Gender', 'Current City', 'DOB', 'Email', 'Phone', 'Notes']);
  for (let i = 0; i < rows; i++) {
    sheet.addRow([
      '',
      `Lead${i}`,
      `Load${run}`,
      'Contoso',
      'Female',
      'Austin',
      '',
      `lead${i}.${run}@example.com`,
      `+1512${String(i).padStart(7, '0')}`,
      '',
    ]);
  }
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]), `load-leads-${run}.xlsx`);
  const authorization = `Bearer ${token}`;
  const upload = await json(await fetch(`${base}/api/leads/uploads`, { method: 'POST', headers: { authorization }, body: form }));
  const { jobId } = await json(
    await fetch(`${base}/api/leads/uploads/${upload.id}/extract`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ duplicates: 'flag' }),
    }),
  );
  const job = await eventually(
    'the lead import',
    async () => {
      const state = await json(await fetch(`${base}/api/leads/jobs/${jobId}`, { headers: { authorization } }));
      return state.state === 'completed' || state.state === 'failed' ? state : undefined;
    },
    300_000,
  );
  if (job.state !== 'completed') throw new Error(`the lead import ${job.state}: ${JSON.stringify(job)}`);
  const [{ n }] = await query(infra, 'crm', 'select count(*)::int as n from leads where last_name = $1', [`Load${run}`]);
  return { rows, stored: n };
}

/** Each topic's messages against the outbox rows written for it, over every service's outbox. */
export async function eventsOnKafka(infra) {
  const { SERVICE_NAMES } = contracts();
  const expected = new Map();
  for (const service of SERVICE_NAMES) {
    const rows = await query(infra, service, 'select topic, count(*)::int as n from outbox group by topic').catch(() => []);
    for (const { topic, n } of rows) expected.set(topic, (expected.get(topic) ?? 0) + n);
  }
  const admin = new kafkajs.Kafka({ brokers: infra.kafkaBrokers, logLevel: kafkajs.logLevel.NOTHING }).admin();
  await admin.connect();
  let rows = 0;
  let missing = 0;
  let doubled = 0;
  try {
    for (const [topic, n] of expected) {
      const offsets = await admin.fetchTopicOffsets(topic);
      const messages = offsets.reduce((sum, partition) => sum + Number(partition.high) - Number(partition.low), 0);
      rows += n;
      if (messages < n) missing += n - messages;
      if (messages > n) doubled += messages - n;
    }
  } finally {
    await admin.disconnect();
  }
  return { rows, missing, doubled };
}

/** After the run, the replicas agree on what changed: a revoked session and a changed country. */
export async function replicasAgree(infra, base, headers, replicas) {
  const { SERVICE_PORTS } = contracts();
  const replica = (service, r) => `http://127.0.0.1:${SERVICE_PORTS[service] + TEST_PROFILE.portOffset + r * REPLICA_PORT_STEP}`;
  const problems = [];
  // A second session, signed out (with its refresh cookie, as the console does): every replica of identity and of
  // orders refuses its access token at once.
  const signedIn = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: process.env.ADMIN_EMAIL ?? 'admin@backoffice.local',
      password: process.env.ADMIN_PASSWORD ?? 'ChangeMe!2026',
    }),
  });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const bearer = { authorization: `Bearer ${(await json(signedIn)).accessToken}` };
  const logout = await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: { ...bearer, cookie } });
  if (logout.status !== 204) problems.push(`signing out answered ${logout.status}`);
  for (let r = 0; r < replicas; r++) {
    for (const [service, path] of [
      ['identity', '/api/auth/profile'],
      ['orders', '/api/orders?pageSize=1'],
    ]) {
      const status = (await fetch(`${replica(service, r)}${path}`, { headers: bearer })).status;
      if (status !== 401) problems.push(`${service} replica ${r + 1} answered ${status} to a signed-out session`);
    }
  }
  // A country renamed through the gateway: every geography replica lists the new name (the shared list cache).
  const countries = await json(await fetch(`${base}/api/countries`, { headers }));
  const country = countries[0];
  const name = `${country.name.replace(/ \(load .*\)$/, '')} (load ${Date.now()})`;
  await json(
    await fetch(`${base}/api/countries/${country.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ shortName: country.shortName, name, taxRate: country.taxRate }),
    }),
  );
  for (let r = 0; r < replicas; r++) {
    const listed = await json(await fetch(`${replica('geography', r)}/api/countries`, { headers }));
    if (listed.find((row) => row.id === country.id)?.name !== name) problems.push(`geography replica ${r + 1} lists a stale country`);
  }
  return { problems };
}
