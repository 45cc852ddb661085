/**
 * What the container tests share: the product brought up by docker-compose.yml from the images
 * deploy/docker/build-images.mjs built (testcontainers' DockerComposeEnvironment), its configuration made by
 * deploy/docker/make-env.mjs as an operator would, and small helpers to call it through the gateway.
 *
 * The runner (tools/run-tests.mjs, the "containers" part of npm test) starts the engine, builds the base images and
 * the product's images first, and runs these files one at a time.
 */
import { spawnSync } from 'node:child_process';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as compose from 'docker-compose';
import { freePort } from '@backoffice/platform/testing';
import {
  DockerComposeEnvironment,
  GenericContainer,
  Wait,
  type StartedDockerComposeEnvironment,
  type StartedTestContainer,
} from 'testcontainers';

export const ROOT = resolve(__dirname, '../..');
/** The docker CLI that drives builds here (Debian's docker.io); `docker` on PATH otherwise. */
export const DOCKER = spawnSync('test', ['-x', '/usr/bin/docker']).status === 0 ? '/usr/bin/docker' : 'docker';

/** The base and infrastructure images base-images.mjs chose for this machine (NODE_IMAGE, POSTGRES_IMAGE, …). */
export function baseImages(): Record<string, string> {
  const text = readFileSync(join(ROOT, '.local/docker/images.env'), 'utf8');
  return Object.fromEntries(
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('=') as [string, string]),
  );
}

/** Runs the docker CLI; its output, or throws with it. */
export function docker(...args: string[]): string {
  const result = spawnSync(DOCKER, args, { encoding: 'utf8', maxBuffer: 256 * 2 ** 20 });
  if (result.status !== 0) throw new Error(`docker ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

/** An .env made by make-env.mjs from .env.example, as README says an operator makes one; its values. */
function makeEnv(dir: string): { file: string; values: Record<string, string> } {
  const file = join(dir, '.env');
  const made = spawnSync(process.execPath, [join(ROOT, 'deploy/docker/make-env.mjs'), '--out', file], { cwd: ROOT, encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`make-env.mjs: ${made.stderr}`);
  const values: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line);
    if (match) values[match[1]] = match[2].replace(/^'(.*)'$/, '$1');
  }
  return { file, values };
}

export interface Product {
  project: string;
  url: string;
  env: Record<string, string>;
  compose: StartedDockerComposeEnvironment;
  /** A compose service's one container's name (e.g. `orders` → `<project>-orders-1`). */
  container(service: string): string;
  network: string;
  adminToken(): Promise<string>;
  /** Options for the `docker-compose` package's commands on this project (pauseOne, execCompose, …). */
  cli: compose.IDockerComposeOptions;
  /** `docker compose ps` of the project: each container's service, state and health. */
  ps(): Promise<{ Service: string; State: string; Health: string; Image: string; Name: string }[]>;
  down(): Promise<void>;
}

/** The compose file brought up under a project name of its own, from the built images; waits until all are healthy. */
export async function upProduct(name: string, extra: Record<string, string> = {}, files = ['docker-compose.yml']): Promise<Product> {
  const project = `bo-${name}-${Date.now().toString(36)}`;
  const dir = mkdtempSync(join(tmpdir(), `${project}-`));
  const { file, values } = makeEnv(dir);
  const port = await freePort();
  const env: Record<string, string> = {
    ...values,
    ...baseImages(),
    GATEWAY_PORT: String(port),
    SEED_DEMO_DATA: 'true',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    LOG_LEVEL: 'warn',
    ...extra,
  };
  const environment = await new DockerComposeEnvironment(ROOT, files)
    .withProjectName(project)
    .withEnvironmentFile(file)
    .withEnvironment(env)
    .withStartupTimeout(300_000)
    .up();
  const url = `http://127.0.0.1:${port}`;
  let token: string | undefined;
  const cli: compose.IDockerComposeOptions = {
    cwd: ROOT,
    config: files,
    composeOptions: ['-p', project, '--env-file', file],
    env: { ...process.env, ...env },
  };
  return {
    cli,
    ps: async () => {
      const out = (await compose.execCompose('ps', ['--all', '--format', 'json'], cli)).out.trim();
      // Compose 2.21+ prints one JSON object a line; earlier ones one array.
      return out.startsWith('[')
        ? JSON.parse(out)
        : out
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line));
    },
    project,
    url,
    env,
    compose: environment,
    network: `${project}_default`,
    container: (service) => `${project}-${service}-1`,
    adminToken: async () => (token ??= await signIn(url, env.ADMIN_EMAIL, env.ADMIN_PASSWORD)),
    down: async () => {
      await environment.down({ removeVolumes: true, timeout: 10_000 });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What a compose project left behind: its containers, networks and volumes (by compose's project label). */
export function leftovers(project: string) {
  const label = `label=com.docker.compose.project=${project}`;
  const list = (kind: string, ...args: string[]) =>
    docker(kind, 'ls', ...args, '--filter', label, '-q')
      .split('\n')
      .filter(Boolean);
  return { containers: list('container', '-a'), networks: list('network'), volumes: list('volume') };
}

export async function signIn(url: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${username}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** A call through the gateway; the parsed answer, or throws with its status and body. */
export async function call<T = unknown>(
  url: string,
  token: string,
  path: string,
  init: { method?: string; json?: unknown; body?: BodyInit } = {},
): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method: init.method ?? (init.json !== undefined || init.body ? 'POST' : 'GET'),
    headers: { authorization: `Bearer ${token}`, ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
  const text = await response.text();
  if (!response.ok)
    throw Object.assign(new Error(`${init.method ?? 'GET'} ${path} → ${response.status} ${text}`), { status: response.status });
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Polls `check` until it answers something truthy; throws after `ms` with the last error. */
export async function eventually<T>(ms: number, check: () => Promise<T | undefined | false>, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s${last ? ` (last: ${(last as Error).message})` : ''}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** An API client with `scopes`, and an access token of it (OAuth client credentials, as README "Integrating"). */
export async function apiClientToken(url: string, adminToken: string, scopes: string[]): Promise<string> {
  const client = await call<{ id: string; clientSecret: string }>(url, adminToken, '/api/identity/api-clients', {
    json: { name: `compose test ${Date.now()}`, scopes },
  });
  const response = await fetch(`${url}/api/auth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${client.id}:${client.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  if (!response.ok) throw new Error(`token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** An order as a storefront sends it, for the seeded catalogue's first service. */
export const orderBody = (id: string) => ({
  id,
  name: 'Ada Lovelace',
  contactInfo: '+1 555 0100',
  email: 'ada@example.com',
  address: '1 Main St',
  zipCode: '10001',
  city: 'New York',
  state: 'NY',
  country: 'US',
  items: [{ itemId: 1, quantity: 1 }],
});

/** A storefront's order (sent again with its id until orders takes it) whose item staff submit; its client service. */
export async function orderWithClientService(url: string, storefront: string, admin: string) {
  const orderId = randomUUID();
  // The seeded catalogue reaches orders' read model over Kafka a moment after start.
  await eventually(90_000, () => call(url, storefront, '/api/orders', { json: orderBody(orderId) }), 'the order');
  const submitted = await call<{ success: boolean; message: string }>(url, admin, '/api/client-services/submit', {
    json: { orderId, itemId: 1 },
  });
  if (!submitted.success) throw new Error(`submit: ${submitted.message}`);
  const [service] = await eventually(
    30_000,
    async () => {
      const list = await call<{ id: string }[]>(url, admin, `/api/client-services?search=${orderId}`);
      return list.length ? list : undefined;
    },
    'the order’s client service',
  );
  return { orderId, clientServiceId: service.id };
}

export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
}

/**
 * A webhook receiver in a container of the project's Node image on the compose network (as `alias`, port
 * 8080): it answers 204 to every POST and lists what it got at GET /received (its port is published to the host).
 */
export async function startReceiver(
  network: string,
  alias = 'receiver',
): Promise<{ container: StartedTestContainer; received: () => Promise<ReceivedWebhook[]> }> {
  const script = `
    const got = [];
    require('node:http').createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        if (req.method === 'POST') { got.push({ headers: req.headers, body }); res.statusCode = 204; return res.end(); }
        res.setHeader('content-type', 'application/json'); res.end(JSON.stringify(got));
      });
    }).listen(8080, '0.0.0.0');`;
  const container = await new GenericContainer(baseImages().NODE_IMAGE)
    .withCommand(['node', '-e', script])
    .withNetworkMode(network)
    .withNetworkAliases(alias)
    .withExposedPorts(8080)
    .withWaitStrategy(Wait.forListeningPorts())
    .start();
  const base = `http://${container.getHost()}:${container.getMappedPort(8080)}`;
  return { container, received: async () => (await (await fetch(`${base}/received`)).json()) as ReceivedWebhook[] };
}

/** Standard Webhooks' check, as README "Integrating" gives it to receivers. */
export function signatureValid(secret: string, headers: Record<string, string>, body: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest();
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .some((entry) => {
      const [version, signature] = entry.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

/** Uploads a sheet and starts its extraction; answers the job id. */
export async function importLeads(url: string, token: string, sheet: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(sheet)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    name,
  );
  const upload = await call<{ id: number }>(url, token, '/api/leads/uploads', { body: form });
  const { jobId } = await call<{ jobId: string }>(url, token, `/api/leads/uploads/${upload.id}/extract`, { json: {} });
  return jobId;
}

/**
 * A lead spreadsheet of the template's columns with `rows` leads, unique from `base` (exceljs's streaming writer,
 * into a temp file, so a large one costs no memory); its bytes.
 */
export async function leadSheet(rows: number, base: number): Promise<Buffer> {
  const ExcelJS = (await import('exceljs')).default;
  const file = join(mkdtempSync(join(tmpdir(), 'leads-')), 'leads.xlsx');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet('Leads');
  sheet.addRow(['SSN', 'First Name', 'Last Name', 'Work At', 'Gender', 'Current City', 'DOB', 'Email', 'Phone', 'Notes']).commit();
  for (let i = 0; i < rows; i++) {
    const n = base + i;
    sheet
      .addRow([
        String(100_000_000 + n),
        'Alan',
        `Turing${n}`,
        'Acme',
        n % 2 ? 'Male' : 'Female',
        'London',
        20_000 + (n % 9000),
        `alan${n}@example.com`,
        `+1 555 ${String(n).padStart(7, '0')}`,
        '',
      ])
      .commit();
  }
  await workbook.commit();
  const bytes = readFileSync(file);
  rmSync(file, { force: true });
  return bytes;
}

/** The release the rolling upgrade starts from: a commit of this repository (tests/containers/previous-release.txt). */
export const PREVIOUS_RELEASE = readFileSync(join(__dirname, 'previous-release.txt'), 'utf8').trim();

/**
 * Images of the previous release, tagged backoffice/<process>:previous: its own Dockerfile (one target per process
 * then), from `git archive` of its commit, built the way build-images.mjs builds today's (no `# syntax=` line, which
 * needs a registry; the machine's extra CA handed to npm as the BuildKit secret). Reused while their label names that
 * commit.
 */
export function previousReleaseImages(processes: string[], log: (line: string) => void = () => {}): void {
  const label = 'org.backoffice.commit';
  const current = (p: string) =>
    spawnSync(DOCKER, ['image', 'inspect', '--format', `{{ index .Config.Labels "${label}" }}`, `backoffice/${p}:previous`], {
      encoding: 'utf8',
    }).stdout.trim();
  const missing = processes.filter((p) => current(p) !== PREVIOUS_RELEASE);
  if (!missing.length) return;
  if (spawnSync('git', ['cat-file', '-e', `${PREVIOUS_RELEASE}^{commit}`], { cwd: ROOT }).status !== 0) {
    throw new Error(`the previous release ${PREVIOUS_RELEASE} is not in this clone's history (a shallow clone?): git fetch --unshallow`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'previous-release-'));
  try {
    const unpack = spawnSync('sh', ['-c', `git archive "$0" | tar -x -C "$1"`, PREVIOUS_RELEASE, dir], { cwd: ROOT, encoding: 'utf8' });
    if (unpack.status !== 0) throw new Error(`git archive ${PREVIOUS_RELEASE}: ${unpack.stderr}`);
    const dockerfile = join(dir, 'deploy/docker/Dockerfile');
    const text = readFileSync(dockerfile, 'utf8')
      .replace(/^#\s*syntax\s*=.*\n/im, '')
      .replace(
        /RUN --mount=type=cache,target=\/root\/\.npm npm install/g,
        'RUN --mount=type=cache,target=/root/.npm --mount=type=secret,id=extra_ca NODE_EXTRA_CA_CERTS=/run/secrets/extra_ca npm install',
      );
    writeFileSync(dockerfile, text);
    const ca = process.env.NODE_EXTRA_CA_CERTS;
    for (const p of missing) {
      const t0 = Date.now();
      const args = ['build', '--network', 'host', '-f', dockerfile, '--target', p, '--build-arg', `NODE_IMAGE=${baseImages().NODE_IMAGE}`];
      if (ca) args.push('--secret', `id=extra_ca,src=${ca}`);
      args.push('--label', `${label}=${PREVIOUS_RELEASE}`, '-t', `backoffice/${p}:previous`, dir);
      const built = spawnSync(DOCKER, args, {
        encoding: 'utf8',
        env: { ...process.env, DOCKER_BUILDKIT: '1' },
        maxBuffer: 64 * 1024 * 1024,
      });
      if (built.status !== 0) throw new Error(`building backoffice/${p}:previous: ${built.stderr.split('\n').slice(-20).join('\n')}`);
      log(`previous release: backoffice/${p}:previous in ${Math.round((Date.now() - t0) / 1000)} s`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
