import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildCrm, extract, freePort, json, ROOT, sheet, startCrm, upload, type CrmStack } from './crm-test-kit';

/**
 * The leads worker as a process of its own: what it loads (no Nest application, HTTP framework, OpenAPI, Passport or
 * Kafka; the job tests prove it still does the work) and what its health and metrics listener answers.
 */
let stack: CrmStack;

beforeAll(() => buildCrm(), 120_000);

afterAll(async () => {
  await stack?.close();
});

it('loads none of the API process’s frameworks', () => {
  // Without its environment the worker stops at the configuration check, after every module it imports has loaded.
  const script = `process.on('exit', () => process.stdout.write(JSON.stringify(Object.keys(require.cache))));
    require(${JSON.stringify(join(ROOT, 'services/crm/dist/worker.js'))});`;
  const run = spawnSync(process.execPath, ['-e', script], { cwd: ROOT, env: { PATH: process.env.PATH }, encoding: 'utf8' });
  expect(run.stderr).toContain('Invalid configuration');
  const loaded = (JSON.parse(run.stdout) as string[]).map((file) => file.replace(/\\/g, '/'));
  expect(loaded.some((file) => file.includes('/bullmq/'))).toBe(true);
  expect(loaded.some((file) => file.includes('/@mikro-orm/postgresql/'))).toBe(true);
  for (const heavy of [
    '/@nestjs/core/',
    '/@nestjs/platform-fastify/',
    '/fastify/',
    '/@nestjs/swagger/',
    '/@nestjs/microservices/',
    '/@nestjs/passport/',
    '/kafkajs/',
    '/@mikro-orm/migrations/',
    '/libs/platform/dist/index.js',
  ]) {
    expect(loaded.filter((file) => file.includes(heavy))).toEqual([]);
  }
});

it('answers health and metrics (its jobs’ runs among them) on its port, and nothing else', async () => {
  stack = await startCrm();
  const worker = await stack.startWorker();
  const live = await fetch(`${worker.url}/health/live`);
  expect(live.status).toBe(200);
  expect(await live.json()).toEqual({ status: 'up' });
  const ready = await fetch(`${worker.url}/health/ready`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({ status: 'up', checks: { redis: { status: 'up' }, database: { status: 'up' } } });
  await new Promise((r) => setTimeout(r, 5000));
  const metrics = await fetch(`${worker.url}/metrics`);
  expect(metrics.status).toBe(200);
  expect(metrics.headers.get('content-type')).toContain('text/plain');
  const text = await metrics.text();
  expect(text).toMatch(/^process_resident_memory_bytes\{service="crm"\} \d+/m);
  // Started, it gave back what starting up grew: V8 would otherwise keep a 64 MB young generation for good.
  const youngBytes = Number(/^nodejs_heap_space_size_total_bytes\{space="new",service="crm"\} (\d+)/m.exec(text)?.[1]);
  expect(youngBytes).toBeLessThanOrEqual(8 * 2 ** 20);
  // A job run shows on the worker's metrics, by job and outcome.
  const uploaded = await json<{ id: number }>(
    await upload(stack.api, await sheet([[null, 'Ada', 'Lovelace', null, null, null, null, 'ada@example.com', '555 010 0001', null]])),
  );
  expect((await extract(stack.api, uploaded.id)).state).toBe('completed');
  // The import hands on to the lead group's indexing job; wait for the worker to have nothing running.
  let after = '';
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    after = await (await fetch(`${worker.url}/metrics`)).text();
    if (/^crm_jobs_running\{service="crm"\} 0$/m.test(after)) break;
  }
  const runs = after.split('\n').filter((line) => line.startsWith('crm_job_run_seconds_count{'));
  expect(runs.filter((line) => line.includes('job="import-leads"') && line.includes('outcome="completed"'))).toEqual([
    expect.stringMatching(/ 1$/),
  ]);
  expect(after).toMatch(/^crm_jobs_running\{service="crm"\} 0$/m);
  const other = await fetch(`${worker.url}/api/leads`);
  expect(other.status).toBe(404);
  expect(other.headers.get('content-type')).toContain('application/problem+json');
  expect(await other.json()).toMatchObject({ status: 404, title: 'Not Found' });
  const post = await fetch(`${worker.url}/health/live`, { method: 'POST' });
  expect(post.status).toBe(405);
  // SIGTERM with nothing running: a clean exit.
  const exited = new Promise<number | null>((done) => worker.child.once('exit', (code) => done(code)));
  worker.child.kill('SIGTERM');
  expect(await exited).toBe(0);
}, 120_000);

it('starts without its database, says so on /health/ready, and stays alive', async () => {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'services/crm/dist/worker.js')], {
    cwd: ROOT,
    env: { ...process.env, ...stack.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  try {
    let ready: Response | undefined;
    for (let i = 0; i < 100 && !ready; i++) {
      ready = await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => undefined);
      if (!ready) await new Promise((r) => setTimeout(r, 200));
    }
    expect(ready?.status).toBe(503);
    expect(await ready!.json()).toMatchObject({ status: 'down', checks: { redis: { status: 'up' }, database: { status: 'down' } } });
    expect((await fetch(`http://127.0.0.1:${port}/health/live`)).status).toBe(200);
    expect(child.exitCode).toBeNull();
  } finally {
    child.kill('SIGKILL');
  }
}, 60_000);
