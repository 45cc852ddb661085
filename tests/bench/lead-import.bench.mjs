// Lead import: a generated 200,000-row × 10-column sheet (and a 1,000,000-row one) end to end through
// the gateway (upload, queue, parse, validate, insert, job complete) against exceljs's streaming
// parse of the same file alone, and the import's insert stage against a batched COPY of the same rows.
// BENCH_LEADS_MAX caps the sizes for a quick run (e.g. BENCH_LEADS_MAX=20000). NOTES.md says what sets the floor of
// the targets out of reach, with the profiles it rests on.
import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import { availableParallelism } from 'node:os';
import Redis from 'ioredis';
import pg from 'pg';
import { redisUrlWithDb } from '../../deploy/local/stack.mjs';
import { BENCH_PROFILE } from '../../tools/test-stack.mjs';
import { leadSheet } from './leads-data.mjs';
import { child, cpuSeconds, peakRssMb, postgresCpuSeconds, resetPeakRss, row, rssMb, threadCpuSeconds } from './lib.mjs';

export const name = 'lead import';

/** The sheet sizes measured: 200k and 1M, capped by BENCH_LEADS_MAX. */
export function leadSizes() {
  const max = Number(process.env.BENCH_LEADS_MAX ?? 1_000_000);
  return [...new Set([200_000, 1_000_000].map((n) => Math.min(n, max)))];
}

/** Unique values of each sheet start apart, so no sheet's leads are duplicates of another's. */
export const sheetBase = (rows) => rows * 10;

const fmt = (n) => n.toLocaleString('en-US');

/** exceljs's streaming parse alone, in a child process: rows/s and its peak RSS. */
export const parseAlone = (path) => child('parse-alone.child.mjs', [path]);

/**
 * When the worker took the import job and when it finished it (epoch ms), as BullMQ keeps them in the job's hash in
 * the bench stack's Redis (the crm queue, under CRM_QUEUE_PREFIX as the worker has it).
 */
async function jobTimes(infra, jobId) {
  const redis = new Redis(redisUrlWithDb(infra.redisUrl, BENCH_PROFILE.redisDb), { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const [processedOn, finishedOn] = await redis.hmget(
      `${process.env.CRM_QUEUE_PREFIX ?? 'bull'}:crm-leads:${jobId}`,
      'processedOn',
      'finishedOn',
    );
    return { startedAt: Number(processedOn), finishedAt: Number(finishedOn) };
  } finally {
    redis.disconnect();
  }
}

/**
 * One import through the gateway: upload, extract, poll the job until it completes. The worker's peak RSS is
 * the kernel's high-water mark (VmHWM), reset when the import starts: measured as the parse-alone anchor's is.
 */
export async function importThroughGateway({ stack, token, freshToken, infra }, path, { onProgress } = {}) {
  const auth = { authorization: `Bearer ${(await freshToken?.()) ?? token}` };
  const worker = stack.children.find((c) => c.proc.name === 'crm-worker');
  const restMb = rssMb(worker.child.pid);
  resetPeakRss(worker.child.pid);
  // Where the CPU goes while it runs: the worker (its import thread included), PostgreSQL, the rest of the stack.
  const cpuNow = () => {
    const { user, system } = process.cpuUsage();
    return {
      worker: cpuSeconds(worker.child.pid),
      postgres: postgresCpuSeconds(),
      stack: stack.children.filter((c) => c !== worker && c.child.exitCode === null).reduce((sum, c) => sum + cpuSeconds(c.child.pid), 0),
      bench: (user + system) / 1e6,
    };
  };
  const cpuBefore = cpuNow();
  // The worker's threads, sampled while it runs (a thread's own figure goes when it ends): the last value of each.
  const threadsBefore = threadCpuSeconds(worker.child.pid);
  const threadsSeen = new Map();
  const sampleThreads = () => {
    for (const [tid, thread] of threadCpuSeconds(worker.child.pid)) threadsSeen.set(tid, thread);
  };
  const started = process.hrtime.bigint();
  const form = new FormData();
  form.append(
    'file',
    await openAsBlob(path, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    basename(path),
  );
  const uploaded = await fetch(`${stack.url}/api/leads/uploads`, { method: 'POST', headers: auth, body: form });
  if (!uploaded.ok) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const upload = await uploaded.json();
  const uploadedMs = Number(process.hrtime.bigint() - started) / 1e6;
  const extract = await fetch(`${stack.url}/api/leads/uploads/${upload.id}/extract`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    // The benches import their cached sheets more than once into one database: on purpose, not by mistake.
    body: JSON.stringify({ duplicates: 'flag', again: true }),
  });
  if (extract.status !== 202) throw new Error(`extract answered ${extract.status}: ${await extract.text()}`);
  const { jobId } = await extract.json();
  for (;;) {
    const response = await fetch(`${stack.url}/api/leads/jobs/${jobId}`, { headers: auth });
    const job = await response.json();
    if (job.state === 'completed') {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const seenAt = Date.now();
      const peakMb = peakRssMb(worker.child.pid);
      const cpuAfter = cpuNow();
      const cpu = Object.fromEntries(Object.keys(cpuAfter).map((key) => [key, cpuAfter[key] - cpuBefore[key]]));
      sampleThreads();
      const threads = new Map();
      for (const [tid, { name, seconds }] of threadsSeen) {
        const used = seconds - (threadsBefore.get(tid)?.seconds ?? 0);
        if (used > 0) threads.set(name, (threads.get(name) ?? 0) + used);
      }
      cpu.threads = [...threads].sort((a, b) => b[1] - a[1]);
      // What the import leaves in the worker once its thread has ended (the next import starts from there).
      await new Promise((resolve) => setTimeout(resolve, 2000));
      // The job's own time in the worker, and what came before it (upload, extract request, queue) and after it.
      const times = await jobTimes(infra, jobId);
      const phases = { jobMs: times.finishedAt - times.startedAt, seenMs: seenAt - times.finishedAt };
      phases.beforeMs = ms - phases.jobMs - phases.seenMs;
      return { ms, uploadedMs, phases, result: job.result, restMb, peakMb, afterMb: rssMb(worker.child.pid), cpu };
    }
    if (job.state === 'failed' || job.state === 'unknown') throw new Error(`the import ${job.state}: ${job.error ?? ''}`);
    sampleThreads();
    onProgress?.(job.progress);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the worker has built the search indexes of a group (the job after the import). */
export async function waitSearchIndexed(pg, groupId, timeoutMs = 20 * 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await pg.query('select search_indexed from lead_groups where id = $1', [groupId]);
    if (rows[0]?.search_indexed) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the search indexes of group ${groupId} were not built in time`);
}

export async function run(context) {
  const { databaseUrl } = context;
  const rows = [];
  const peaks = new Map();
  context.leadGroups ??= new Map();
  const log = (message) => process.stdout.write(`\n    ${message}`);
  for (const size of leadSizes()) {
    const path = await leadSheet(size, sheetBase(size), log);
    const label = `${fmt(size)} rows`;

    // The parse alone before and after the import (its figure is the faster of the two), then the insert stage.
    const parseBefore = await parseAlone(path);
    log(`parse alone: ${(parseBefore.ms / 1000).toFixed(1)} s, peak ${parseBefore.peakRssMb.toFixed(0)} MB`);
    const e2e = await importThroughGateway(context, path);
    log(
      `end to end: ${(e2e.ms / 1000).toFixed(1)} s (upload ${(e2e.uploadedMs / 1000).toFixed(1)} s), worker ${e2e.restMb.toFixed(0)} → ${e2e.peakMb.toFixed(0)} MB, ${e2e.afterMb.toFixed(0)} MB 2 s after`,
    );
    const { phases } = e2e;
    log(
      `of which: before the job ${(phases.beforeMs / 1000).toFixed(1)} s (upload ${(e2e.uploadedMs / 1000).toFixed(1)} s), the job in the worker ${(phases.jobMs / 1000).toFixed(1)} s, its completion seen ${(phases.seenMs / 1000).toFixed(1)} s after`,
    );
    const cpu = e2e.cpu;
    const cpuTotal = cpu.worker + cpu.postgres + cpu.stack + cpu.bench;
    log(`the worker's threads: ${cpu.threads.map(([thread, seconds]) => `${thread} ${seconds.toFixed(1)} s`).join(', ')}`);
    log(
      `CPU during it: worker ${cpu.worker.toFixed(1)} s, PostgreSQL ${cpu.postgres.toFixed(1)} s, the rest of the stack ${cpu.stack.toFixed(1)} s, this bench ${cpu.bench.toFixed(1)} s; ${cpuTotal.toFixed(1)} s on ${availableParallelism()} cores`,
    );
    const parseAfter = await parseAlone(path);
    log(`parse alone again: ${(parseAfter.ms / 1000).toFixed(1)} s, peak ${parseAfter.peakRssMb.toFixed(0)} MB`);
    // The insert stage last: its scratch keys come and go after the import met a clean key index.
    const insert = await child('insert-stage.child.mjs', [
      databaseUrl('crm'),
      path,
      String(Number(process.env.CRM_IMPORT_BATCH_ROWS ?? 5000)),
    ]);
    log(
      `insert stage: writer ${(insert.writerMs / 1000).toFixed(1)} s (encrypting SSNs ${(insert.sealMs / 1000).toFixed(1)} s), COPY ${(insert.copyMs / 1000).toFixed(1)} s, COPY into an indexed table ${(insert.indexedCopyMs / 1000).toFixed(1)} s, keys COPY ${(insert.keysMs / 1000).toFixed(1)} s`,
    );
    if (e2e.result.imported !== size) throw new Error(`imported ${e2e.result.imported} of ${size} leads`);
    context.leadGroups.set(size, e2e.result.groupId);
    // The worker once its jobs are done (the group's search indexes are the last): what it keeps until the next import.
    const client = new pg.Client({ connectionString: databaseUrl('crm') });
    await client.connect();
    await waitSearchIndexed(client, e2e.result.groupId).finally(() => client.end());
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idleMb = rssMb(context.stack.children.find((c) => c.proc.name === 'crm-worker').child.pid);
    log(`the worker once idle again: ${idleMb.toFixed(0)} MB`);

    const parse = parseBefore.ms <= parseAfter.ms ? parseBefore : parseAfter;
    // Both parse-alone runs count alike (their mean), as the worker's one import does: no taking the larger.
    const parsePeak = (parseBefore.peakRssMb + parseAfter.peakRssMb) / 2;
    const perSecond = (count, ms) => count / (ms / 1000);
    rows.push(
      row(name, `${label}: end to end through the gateway`, perSecond(size, e2e.ms), 'rows/s', {
        anchor: perSecond(size, parse.ms),
        anchorLabel: 'exceljs streaming parse alone',
        goal: 'time ≤ 1.25 × parse alone',
        met: e2e.ms <= 1.25 * parse.ms,
      }),
      row(name, `${label}: end-to-end time / parse-alone time`, e2e.ms / parse.ms, '×', { goal: '≤ 1.25', met: e2e.ms <= 1.25 * parse.ms }),
      // With every core busy the whole time, an import cannot take less than its CPU time over the cores: how close it came.
      row(name, `${label}: end-to-end time / its CPU time over the cores`, e2e.ms / 1000 / (cpuTotal / availableParallelism()), '×', {
        anchor: cpuTotal,
        anchorLabel: `CPU seconds of every process (worker ${cpu.worker.toFixed(1)}, PostgreSQL ${cpu.postgres.toFixed(1)}, rest ${(cpu.stack + cpu.bench).toFixed(1)})`,
      }),
      row(name, `${label}: the import job in the worker, taken to completed`, e2e.phases.jobMs / 1000, 's', {
        anchor: e2e.ms / 1000,
        anchorLabel: `end to end (before the job ${(e2e.phases.beforeMs / 1000).toFixed(1)} s, its completion seen ${(e2e.phases.seenMs / 1000).toFixed(1)} s after)`,
      }),
      row(name, `${label}: insert stage (product batch writer)`, perSecond(insert.rows, insert.writerMs), 'rows/s', {
        anchor: perSecond(insert.rows, insert.copyMs),
        anchorLabel: 'batched COPY of the same rows',
        goal: '≥ 0.8 × COPY',
        met: insert.copyMs / insert.writerMs >= 0.8,
      }),
      row(
        name,
        `${label}: insert stage against COPY of the rows and of their duplicate keys`,
        perSecond(insert.rows, insert.writerMs),
        'rows/s',
        {
          anchor: perSecond(insert.rows, insert.copyMs + insert.keysMs),
          anchorLabel: 'COPY of the rows + COPY of their keys into the unique key index',
        },
      ),
      row(
        name,
        `${label}: insert stage without its SSN encryption, against COPY of the rows and of their keys`,
        perSecond(insert.rows, insert.writerMs - insert.sealMs),
        'rows/s',
        {
          anchor: perSecond(insert.rows, insert.copyMs + insert.keysMs),
          anchorLabel: 'COPY of the rows + COPY of their keys into the unique key index',
        },
      ),
      // The floor any writer of the loading table meets (see NOTES.md): the table's own indexes and the key index.
      row(
        name,
        `${label}: insert stage without its SSN encryption, against COPY of the rows into a table with the loading table's indexes + COPY of their keys`,
        perSecond(insert.rows, insert.writerMs - insert.sealMs),
        'rows/s',
        {
          anchor: perSecond(insert.rows, insert.indexedCopyMs + insert.keysMs),
          anchorLabel: 'COPY of the rows into an indexed table + COPY of their keys into the unique key index',
        },
      ),
      row(name, `${label}: worker process peak RSS (at rest ${e2e.restMb.toFixed(0)} MB)`, e2e.peakMb, 'MB', {
        anchor: parsePeak,
        anchorLabel: 'peak RSS of a process only parsing',
        goal: '≤ 1.2 × parse alone',
        met: e2e.peakMb <= 1.2 * parsePeak,
      }),
    );
    rows.push(
      row(name, `${label}: memory the import added to the worker (peak − at rest)`, e2e.peakMb - e2e.restMb, 'MB', {
        anchor: parsePeak,
        anchorLabel: 'peak RSS of a process only parsing',
      }),
      row(name, `${label}: the worker once idle after the import (RSS)`, idleMb, 'MB', {
        anchor: e2e.restMb,
        anchorLabel: 'the worker at rest before it',
      }),
    );
    peaks.set(size, e2e.peakMb);
  }
  const sizes = [...peaks.keys()];
  if (sizes.length === 2) {
    const [small, large] = sizes;
    const growth = (peaks.get(large) / peaks.get(small) - 1) * 100;
    rows.push(row(name, `worker peak RSS growth ${fmt(small)} → ${fmt(large)} rows`, growth, '%', { goal: '≤ 10 %', met: growth <= 10 }));
  }
  process.stdout.write('\n  ');
  return rows;
}
