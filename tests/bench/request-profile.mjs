// Where a Nest service's time per request goes, against the plain Fastify anchor of the gateway-overhead benchmark:
// `node tests/bench/request-profile.mjs` (after `npm run build`, with PostgreSQL, Redis and Kafka up, e.g. beside
// `npm start`). It starts the benchmarks' stack on ports +21000 (below Linux's ephemeral range, 32768-60999, where
// an outgoing connection may hold a port it wants), runs the gateway and then geography again under `node
// --cpu-prof`, loads GET /api/countries through the gateway and then directly at 50 connections (as the benchmark
// does), does the same to a plain Fastify server serving the same body, and prints each one's CPU time per request
// by the package that spent it.
// Not part of `npm run bench` (a profiled process is slower): it explains a figure there. NOTES.md holds its output.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureInfra } from '../../deploy/local/infra.mjs';
import { devKeys, startStack, waitHealthy } from '../../deploy/local/stack.mjs';
import { ROOT } from '../../deploy/local/util.mjs';
import { BENCH_PROFILE, freshData } from '../../tools/test-stack.mjs';
import { load } from './lib.mjs';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.PROFILE_DURATION_S ?? 10);
const profile = { ...BENCH_PROFILE, name: 'profile', portOffset: 21000, database: (s) => `backoffice_profile_${s}`, redisDb: 8 };

/** The package (or part of the runtime) a profiled function belongs to. */
function categoryOf({ functionName, url }) {
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(program)' || functionName === '(root)') return 'V8 and native (program)';
  if (!url) return 'V8 builtins';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return 'Node.js (http, net, streams, timers)';
  if (url.includes('/libs/platform/')) return 'libs/platform (auth guard, revocation, logging, metrics hooks)';
  if (url.includes('/libs/contracts/')) return 'libs/contracts';
  if (url.includes('/services/')) return 'the service’s own code';
  return url.startsWith('file:') ? 'this script' : `other: ${url}`;
}

const RUNTIME = new Set(['V8 builtins', 'Node.js (http, net, streams, timers)', 'V8 and native (program)']);

/**
 * Self time (ms) per category of a .cpuprofile, over the samples between `from` and `to` (the profile's clock, µs).
 * Time in the runtime (builtins, Node's own modules) counts for the package that called it, when one did: the
 * signature check of a token is `node:crypto`'s, spent for passport-jwt and jsonwebtoken.
 */
function summarise(file, from, to) {
  const { nodes, samples, timeDeltas, startTime } = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const owner = new Map();
  const ownerOf = (id) => {
    if (owner.has(id)) return owner.get(id);
    const own = categoryOf(byId.get(id).callFrame);
    const up = parent.get(id);
    const found = RUNTIME.has(own) && up !== undefined && !RUNTIME.has(ownerOf(up)) ? ownerOf(up) : own;
    owner.set(id, found);
    return found;
  };
  const totals = new Map();
  const leaves = new Map(); // "function (file) ← owner": self time
  let at = startTime;
  for (let i = 0; i < samples.length; i++) {
    at += timeDeltas[i] ?? 0;
    if (at < from || at > to) continue;
    const category = ownerOf(samples[i]);
    const ms = (timeDeltas[i] ?? 0) / 1000;
    totals.set(category, (totals.get(category) ?? 0) + ms);
    const { functionName, url } = byId.get(samples[i]).callFrame;
    const leaf = `${functionName || '(anonymous)'} (${url.split('/').pop() || 'native'}) ← ${category}`;
    leaves.set(leaf, (leaves.get(leaf) ?? 0) + ms);
  }
  return { totals, leaves };
}

/** Runs `args` under --cpu-prof until `until` resolves, then SIGTERM; answers the profile's self times. */
async function profiled(args, env, until) {
  const dir = mkdtempSync(join(tmpdir(), 'request-profile-'));
  const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, ...args], { cwd: ROOT, env, stdio: 'ignore' });
  try {
    const outcome = await until(child);
    const { from, to } = outcome;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('the profiled process wrote no profile');
    return { ...outcome, ...summarise(join(dir, file), from, to) };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

function report(title, { rps, requests, totals, leaves }) {
  const busy = [...totals].filter(([c]) => c !== 'idle').reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`\n${title}: ${Math.round(rps)} req/s, ${requests} requests, ${Math.round((busy * 1000) / requests)} µs of CPU per request`);
  const rows = [...totals]
    .filter(([c, ms]) => c !== 'idle' && ms / busy >= 0.003)
    .sort((a, b) => b[1] - a[1])
    .map(([category, ms]) => ({
      category,
      'µs/request': Math.round((ms * 1000) / requests),
      share: `${((ms / busy) * 100).toFixed(1)} %`,
    }));
  console.table(rows);
  const top = [...leaves]
    .filter(([leaf]) => !leaf.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.PROFILE_TOP ?? 15))
    .map(([fn, ms]) => ({ 'function (file) ← counted for': fn, 'µs/request': Math.round((ms * 1000) / requests) }));
  console.log('the functions that spent most themselves:');
  console.table(top);
}

/** Stops a process of the stack (SIGTERM) and waits until it is gone. */
const stopped = ({ child }) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

async function main() {
  const infra = await ensureInfra({ databases: [], log: () => undefined });
  await freshData(infra, profile);
  const stack = await startStack(profile, infra, devKeys(), { replicas: 1 });
  try {
    const login = await fetch(`${stack.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@backoffice.local', password: process.env.ADMIN_PASSWORD ?? 'ChangeMe!2026' }),
    });
    const headers = { authorization: `Bearer ${(await login.json()).accessToken}` };
    const geography = stack.children.find((c) => c.proc.name === 'geography');
    const gateway = stack.children.find((c) => c.proc.name === 'gateway');
    const url = `http://127.0.0.1:${geography.port}/api/countries`;
    const body = await (await fetch(url, { headers })).text();
    const measure = async (target) => {
      await load(target, { connections: CONNECTIONS, duration: 3, headers }); // warm-up (JIT, pools)
      // The profile's timestamps are the monotonic clock's, in µs: only the samples of the measured run count.
      const from = Number(process.hrtime.bigint() / 1000n);
      const { rps, errors } = await load(target, { connections: CONNECTIONS, duration: DURATION_S, headers });
      const to = Number(process.hrtime.bigint() / 1000n);
      if (errors) throw new Error(`${errors} errors under load`);
      return { rps, requests: Math.round(rps * DURATION_S), from, to };
    };
    /** A process of the stack again, profiled, with the environment the stack gave it, loaded at `target`. */
    const again = async (entry, target) => {
      await stopped(entry);
      return profiled(['--enable-source-maps', entry.proc.script], entry.env, async (child) => {
        await waitHealthy({ ...entry, child });
        return measure(target);
      });
    };
    const viaGateway = await again(gateway, `${stack.url}/api/countries`);
    const nest = await again(geography, url);
    // The anchor: plain Fastify serving the same body, as the gateway-overhead benchmark's.
    const script = join(mkdtempSync(join(tmpdir(), 'plain-fastify-')), 'plain.cjs');
    writeFileSync(
      script,
      `const app = require(${JSON.stringify(join(ROOT, 'node_modules/fastify'))})();
const body = ${JSON.stringify(body)};
app.get('/api/countries', (_request, reply) => reply.type('application/json').send(body));
app.listen({ port: ${geography.port}, host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));`,
    );
    const plain = await profiled([script], process.env, async () => {
      for (
        let i = 0;
        i < 100 &&
        !(await fetch(url).then(
          (r) => r.ok,
          () => false,
        ));
        i++
      )
        await new Promise((r) => setTimeout(r, 100));
      return measure(url);
    });
    report('the gateway, GET /api/countries through it (geography behind it, not profiled)', viaGateway);
    report('Nest service (geography), GET /api/countries direct', nest);
    report('plain Fastify, the same body', plain);
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
