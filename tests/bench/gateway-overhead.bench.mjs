// Gateway overhead: GET /api/countries through the gateway, directly to geography, and from a plain Fastify server (the physical anchor).
// The three are loaded in turn, ROUNDS times, and each figure is the median of its runs: a single window per
// target put the machine's drift between them into the ratios (one quiet run gave 0.47 ×, the next 0.66 ×).
// The anchor serves from a process of its own and the load comes from another (lib.mjs load()), as for the
// product: in the bench's own thread beside the load generator, the anchor ran slower and flattered the ratio.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuSeconds, load, percentile, row, startChild } from './lib.mjs';

export const name = 'gateway overhead';

const ROUNDS = 3;

/**
 * Loads each of `urls` in turn, ROUNDS times, and answers per url the median of each figure over its runs, with the
 * CPU (all threads, user and system, from /proc) each of `pids` used per request answered, in µs.
 */
async function alternating(urls, options, pids = {}) {
  const runs = urls.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, url] of urls.entries()) {
      const before = Object.fromEntries(Object.entries(pids).map(([key, pid]) => [key, cpuSeconds(pid)]));
      const result = await load(url, options[i]);
      for (const [key, pid] of Object.entries(pids)) result[`${key}CpuUs`] = ((cpuSeconds(pid) - before[key]) * 1e6) / result.requests;
      runs[i].push(result);
    }
  }
  const median = (results, key) =>
    percentile(
      results.map((r) => r[key]),
      50,
    );
  return runs.map((results) => ({
    meanMs: median(results, 'meanMs'),
    p99Ms: median(results, 'p99Ms'),
    rps: median(results, 'rps'),
    ...Object.fromEntries(Object.keys(pids).map((key) => [`${key}CpuUs`, median(results, `${key}CpuUs`)])),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
  }));
}

export async function run({ stack, token }) {
  const pidOf = (name) => stack.children.find((c) => c.proc.name === name).child.pid;
  const pids = { gateway: pidOf('gateway'), service: pidOf('geography') };
  const headers = { authorization: `Bearer ${token}` };
  const direct = `${stack.serviceUrl('geography')}/api/countries`;
  const viaGateway = `${stack.url}/api/countries`;
  const folder = mkdtempSync(join(tmpdir(), 'bench-plain-'));
  const bodyFile = join(folder, 'countries.json');
  writeFileSync(bodyFile, await (await fetch(direct, { headers })).text());
  const plain = await startChild('plain-server.child.mjs', ['/api/countries', bodyFile]);
  const plainUrl = `http://127.0.0.1:${plain.port}/api/countries`;
  const rows = [];
  try {
    for (const connections of [1, 50]) {
      const duration = connections === 1 ? 4 : 5;
      const [p, d, g] = await alternating(
        [plainUrl, direct, viaGateway],
        [{ connections, duration }, ...Array(2).fill({ connections, duration, headers })],
        pids,
      );
      if (connections === 1) {
        rows.push(
          row(name, 'added mean latency @1 conn (medians of 3 runs each)', g.meanMs - d.meanMs, 'ms', {
            goal: '≤ 0.3 ms',
            met: g.meanMs - d.meanMs <= 0.3,
          }),
        );
        rows.push(
          row(name, 'added p99 latency @1 conn (medians)', g.p99Ms - d.p99Ms, 'ms', { goal: '≤ 1 ms', met: g.p99Ms - d.p99Ms <= 1 }),
        );
      } else {
        rows.push(
          row(name, 'gateway throughput @50 (median of 3 runs, alternating with the anchor)', g.rps, 'req/s', {
            anchor: d.rps,
            anchorLabel: 'direct',
            goal: '≥ 0.5 × direct',
            met: g.rps >= 0.5 * d.rps,
          }),
        );
        // Each of the two is bound by its one core (a Node process runs its requests on one thread), so the
        // throughput ratio cannot pass the ratio of what one request costs each: the floor this target meets.
        rows.push(
          row(name, 'gateway CPU per proxied request @50 (all its threads, user + system; median)', g.gatewayCpuUs, 'µs', {
            anchor: d.serviceCpuUs,
            anchorLabel: 'the service’s CPU per request, direct',
          }),
        );
        rows.push(row(name, 'what one request costs the service direct / the gateway', d.serviceCpuUs / g.gatewayCpuUs, '×'));
        rows.push(
          row(name, 'gateway p99 @50 (median)', g.p99Ms, 'ms', {
            anchor: d.p99Ms,
            anchorLabel: 'direct',
            goal: '≤ 2 × direct',
            met: g.p99Ms <= 2 * d.p99Ms,
          }),
        );
        rows.push(
          row(name, 'Nest service throughput @50 (median of 3 runs, alternating with the anchor)', d.rps, 'req/s', {
            anchor: p.rps,
            anchorLabel: 'plain Fastify',
            goal: '≥ 0.8 × plain',
            met: d.rps >= 0.8 * p.rps,
          }),
        );
      }
      const errors = p.errors + d.errors + g.errors;
      if (errors) rows.push(row(name, `errors @${connections}`, errors, 'count', { goal: '0', met: false }));
    }
  } finally {
    await plain.stop();
    rmSync(folder, { recursive: true, force: true });
  }
  return rows;
}
