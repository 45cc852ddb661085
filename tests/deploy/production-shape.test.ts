/**
 * Every image's contents, proven without a container engine: for each Dockerfile target, the exact production
 * install its deps stage runs (the manifests alone, `npm install --omit=dev --workspace …`) into a clean folder,
 * the compiled output its COPY lines take, started with its CMD and only the environment docker-compose.yml gives
 * it (from an .env made by deploy/docker/make-env.mjs), answering /health/ready through the image's own health
 * check script. Container host names become the local servers (each process its own fresh database, one Redis
 * database, the test Kafka with a topic prefix of its own), ports become free local ports and /app and
 * /var/lib/backoffice become folders of the run. Needs the compiled output (`npm test` builds it first).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AUTH_PATHS,
  BRANCH_PATHS,
  CATALOGUE_PATHS,
  DASHBOARD_PATHS,
  GEOGRAPHY_PATHS,
  IDENTITY_PATHS,
  LEADS_PATHS,
  ORDERS_PATHS,
  PAYMENTS_PATHS,
} from '@backoffice/contracts';
import { createTestDatabase, kafkaBrokers, redisUrl } from '@backoffice/platform/testing';
import { freePort } from '../reliability/fault-kit';
import {
  deployProcesses,
  effectiveEnv,
  loadCompose,
  readDockerfile,
  readEnvFile,
  ROOT,
  stageChain,
  type DockerStage,
} from './deploy-model';

const { stages } = readDockerfile();
const targets = deployProcesses().map((p) => p.name);
const work = mkdtempSync(join(tmpdir(), 'production-shape-'));
/** The Redis database the started processes share (apart from the tests' and the stacks'). */
const REDIS_DB = process.env.PRODUCTION_SHAPE_REDIS_DB ?? '7';

interface Started {
  target: string;
  child: ChildProcess;
  output: string[];
  env: Record<string, string>;
  ready?: number;
  exitCode?: number | null;
}

const stage = (name: string): DockerStage => {
  const found = stages.find((s) => s.name === name);
  if (!found) throw new Error(`Dockerfile has no stage ${name}`);
  return found;
};

/** `COPY --from=<stage> <from> <to>` lines of a stage. */
const copiesOf = (target: string) =>
  stage(target)
    .instructions.filter((i) => i.keyword === 'COPY' && i.args.startsWith('--from='))
    .map((i) => {
      const [from, source, destination] = i.args.split(/\s+/);
      return { stage: from.slice('--from='.length), source, destination };
    });

/** The deps stage whose install a target copies (crm and crm-worker share one). */
const depsStageOf = (target: string) => copiesOf(target).find((c) => c.stage.startsWith('deps-'))!.stage;

/** The deps stage's install command, without BuildKit's cache mount. */
const installCommandOf = (depsStage: string) => {
  const run = stage(depsStage).instructions.find((i) => i.keyword === 'RUN');
  if (!run) throw new Error(`${depsStage} runs nothing`);
  return run.args.replace(/--mount=\S+\s*/g, '').trim();
};

function run(command: string, cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} (in ${cwd}) exited ${code}:\n${output.slice(-3000)}`)),
    );
  });
}

/** The manifests stage: package.json, the lockfile, .npmrc and every workspace's package.json, nothing else. */
function copyManifests(into: string) {
  const manifestsRun = stage('manifests').instructions.find((i) => i.keyword === 'RUN')!.args;
  expect(manifestsRun).toContain('cp package.json package-lock.json .npmrc /manifests/');
  expect(manifestsRun).toContain('libs/*/package.json services/*/package.json console/package.json');
  mkdirSync(into, { recursive: true });
  for (const file of ['package.json', 'package-lock.json', '.npmrc']) cpSync(join(ROOT, file), join(into, file));
  for (const folder of ['libs', 'services']) {
    for (const name of readdirSync(join(ROOT, folder))) {
      if (existsSync(join(ROOT, folder, name, 'package.json')))
        cpSync(join(ROOT, folder, name, 'package.json'), join(into, folder, name, 'package.json'));
    }
  }
  cpSync(join(ROOT, 'console/package.json'), join(into, 'console/package.json'));
}

/** Runs `jobs` with at most `limit` at once. */
async function limited<T>(items: T[], limit: number, job: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await job(item);
    }),
  );
}

const installs = new Map<string, string>(); // deps stage → folder
const started = new Map<string, Started>();
const databases: { drop: () => Promise<void> }[] = [];
/** Timings printed at the end (install and start-up times). */
const figures: string[] = [];

/** The compose environment of a target, its container addresses turned into this machine's. */
async function localEnvironment(target: string, folder: string, ports: Map<string, number>, databaseUrls: Map<string, string>) {
  const { compose } = loadCompose(readEnvFile(join(work, '.env')));
  const service = compose.services[target];
  const env: Record<string, string> = { ...effectiveEnv(stageChain(stages, target)) };
  for (const [key, value] of Object.entries(service.environment ?? {})) env[key] = value === null ? '' : String(value);
  const hosts = new Map(targets.map((name) => [name, ports.get(name)!]));
  for (const [key, value] of Object.entries(env)) {
    let local = value.replace(/^\/app(?=\/|$)/, folder).replace(/^\/var\/lib\/backoffice/, join(work, 'var', target));
    // http://identity:3001 → the local port of the started identity process.
    local = local.replace(/^http:\/\/([a-z-]+):\d+/, (whole, host: string) =>
      hosts.has(host) ? `http://127.0.0.1:${hosts.get(host)}` : whole,
    );
    env[key] = local;
  }
  if (env.DATABASE_URL) {
    const name = new URL(env.DATABASE_URL).pathname.slice(1);
    if (!databaseUrls.has(name)) {
      const database = await createTestDatabase(name.replace(/^backoffice_/, 'prod_'));
      databases.push(database);
      databaseUrls.set(name, database.url);
    }
    env.DATABASE_URL = databaseUrls.get(name)!;
  }
  if (env.REDIS_URL) env.REDIS_URL = `${redisUrl().replace(/\/\d*$/, '')}/${REDIS_DB}`;
  if (env.KAFKA_BROKERS) env.KAFKA_BROKERS = kafkaBrokers();
  env.HOST = '127.0.0.1';
  env.PORT = String(ports.get(target));
  if (env.OPS_PORT) env.OPS_PORT = String(await freePort());
  for (const key of ['FILE_STORE_DIR', 'CRM_UPLOAD_DIR']) if (env[key]) mkdirSync(env[key], { recursive: true });
  // Isolation from the other tests on the same broker; the only variable compose does not give.
  env.KAFKA_TOPIC_PREFIX = `prod${process.pid}.`;
  return { ...env, PATH: process.env.PATH ?? '/usr/bin:/bin' };
}

function healthy(env: Record<string, string>, path: string): boolean {
  const check = spawnSync(process.execPath, [join(ROOT, 'deploy/docker/healthcheck.mjs'), path], { env, timeout: 6000 });
  return check.status === 0;
}

async function start(target: string, ports: Map<string, number>, databaseUrls: Map<string, string>) {
  const folder = installs.get(depsStageOf(target))!;
  const env = await localEnvironment(target, folder, ports, databaseUrls);
  const [command, ...args] = JSON.parse(
    stage(target)
      .instructions.filter((i) => i.keyword === 'CMD')
      .at(-1)!.args,
  ) as string[];
  expect(command).toBe('node');
  const child = spawn(process.execPath, args, { cwd: folder, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const entry: Started = { target, child, output: [], env };
  child.stdout!.on('data', (d: Buffer) => entry.output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => entry.output.push(d.toString()));
  child.on('exit', (code) => (entry.exitCode = code));
  started.set(target, entry);
  const since = Date.now();
  while (Date.now() - since < 120_000 && entry.exitCode === undefined) {
    if (healthy(env, '/health/ready')) {
      entry.ready = Date.now() - since;
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

beforeAll(async () => {
  const out = join(work, '.env');
  const made = spawnSync(process.execPath, [
    join(ROOT, 'deploy/docker/make-env.mjs'),
    '--template',
    join(ROOT, '.env.example'),
    '--out',
    out,
  ]);
  expect(made.status).toBe(0);
  const manifests = join(work, 'manifests');
  copyManifests(manifests);

  // Each deps stage once (crm and crm-worker share theirs), two at a time.
  const depsStages = [...new Set(targets.map(depsStageOf))];
  const installing = Date.now();
  await limited(depsStages, 2, async (depsStage) => {
    const folder = join(work, depsStage);
    cpSync(manifests, folder, { recursive: true });
    // --prefer-offline reads the local npm cache first, as the image build's cache mount does.
    await run(`${installCommandOf(depsStage)} --prefer-offline --no-audit --no-fund --loglevel=error`, folder);
    installs.set(depsStage, folder);
  });
  figures.push(`${depsStages.length} production installs in ${((Date.now() - installing) / 1000).toFixed(1)} s`);

  for (const target of targets) {
    const folder = installs.get(depsStageOf(target))!;
    for (const copy of copiesOf(target).filter((c) => !c.stage.startsWith('deps-'))) {
      const source = join(ROOT, copy.source.replace(/^\/app\/?/, ''));
      if (!existsSync(source)) throw new Error(`${source} is missing: build first (npm test builds it, or npm run build)`);
      cpSync(source, join(folder, copy.destination), { recursive: true });
    }
  }

  const ports = new Map<string, number>();
  for (const target of targets) ports.set(target, await freePort());
  const databaseUrls = new Map<string, string>();
  const services = targets.filter((t) => t !== 'gateway');
  // Each service's own process first (it migrates its database), then the processes beside it, then the gateway.
  await Promise.all(services.filter((t) => !t.includes('-')).map((t) => start(t, ports, databaseUrls)));
  await Promise.all(services.filter((t) => t.includes('-')).map((t) => start(t, ports, databaseUrls)));
  await start('gateway', ports, databaseUrls);
  figures.push(
    `ready after ${[...started.values()].map((e) => `${e.target} ${e.ready === undefined ? 'never' : `${(e.ready / 1000).toFixed(1)} s`}`).join(', ')}`,
  );
}, 900_000);

afterAll(async () => {
  await Promise.all(
    [...started.values()].map(
      (entry) =>
        new Promise<void>((resolve) => {
          if (entry.exitCode !== undefined) return resolve();
          const timer = setTimeout(() => entry.child.kill('SIGKILL'), 30_000);
          entry.child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          entry.child.kill('SIGTERM');
        }),
    ),
  );
  await Promise.all(databases.map((d) => d.drop().catch(() => undefined)));
  rmSync(work, { recursive: true, force: true });
}, 120_000);

describe('the production shape of every image (Dockerfile install, compose environment)', () => {
  it.each(targets)('%s installs without devDependencies and answers /health/ready', (target) => {
    const entry = started.get(target);
    expect(entry).toBeDefined();
    const folder = installs.get(depsStageOf(target))!;
    // The root's toolchain is not in a production install.
    for (const dev of ['typescript', 'jest', '@playwright/test', 'vite']) expect(existsSync(join(folder, 'node_modules', dev))).toBe(false);
    if (entry!.ready === undefined)
      throw new Error(`${target} never became ready (exit ${entry!.exitCode}):\n${entry!.output.join('').slice(-4000)}`);
    expect(entry!.ready).toBeGreaterThan(0);
  });

  it('the generated admin signs in through the gateway and reads from every service', async () => {
    const gateway = `http://127.0.0.1:${started.get('gateway')!.env.PORT}`;
    const identity = started.get('identity')!.env;
    const login = await fetch(`${gateway}${AUTH_PATHS.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: identity.ADMIN_EMAIL, password: identity.ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const expected: [string, number][] = [
      [IDENTITY_PATHS.users, 200],
      [CATALOGUE_PATHS.services, 200],
      [LEADS_PATHS.uploads, 200],
      [ORDERS_PATHS.orders, 200],
      [GEOGRAPHY_PATHS.countries, 200],
      [BRANCH_PATHS.branches, 200],
      [DASHBOARD_PATHS.crm, 200],
      // Compose gives payments no Authorize.Net credentials and no simulator: settlement says it is not configured.
      [`${PAYMENTS_PATHS.batches}?from=2026-01-01&to=2026-01-02`, 503],
    ];
    for (const [path, status] of expected) {
      const response = await fetch(`${gateway}${path}`, { headers: { authorization: `Bearer ${accessToken}` } });
      const body = (await response.text()).slice(0, 300);
      expect({ path, status: response.status }).toEqual({ path, status });
      if (status === 503) expect(body).toContain('not configured');
    }
  });
});

afterAll(() => {
  if (figures.length) process.stdout.write(`production shape: ${figures.join('; ')}\n`);
});
