/**
 * What the deploy checks compare against: the processes of the product (from libs/contracts and the
 * services' package.json), the variables each one's zod config schema requires, and readers for
 * docker-compose.yml, .env.example and the Dockerfile.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseDocument } from 'yaml';
import type { z } from 'zod';
import { SERVICE_NAMES, SERVICE_PORTS, databaseName, serviceUrlVariable, type ServiceName } from '@backoffice/contracts';
import { baseConfigSchema, databaseConfigSchema, kafkaConfigSchema } from '@backoffice/platform';

export const ROOT = resolve(__dirname, '../..');
export const DOCKERFILE = 'deploy/docker/Dockerfile';
export const COMPOSE_FILE = join(ROOT, 'docker-compose.yml');
export const ENV_EXAMPLE = join(ROOT, '.env.example');

export interface DeployProcess {
  /** The compose service, the Dockerfile target, the Kubernetes Deployment and the image backoffice/<name>. */
  name: string;
  service: ServiceName | 'gateway';
  port: number;
  /** The script the image starts, relative to /app. */
  script: string;
  database?: string;
}

/** Processes that run apart from their service's HTTP process, even before their package.json declares them. */
const KNOWN_PROCESSES: Partial<Record<ServiceName, Record<string, { script: string; port: number }>>> = {
  crm: { worker: { script: 'dist/worker.js', port: 3013 } },
};

export function deployProcesses(): DeployProcess[] {
  const list: DeployProcess[] = [];
  for (const service of SERVICE_NAMES) {
    list.push({
      name: service,
      service,
      port: SERVICE_PORTS[service],
      script: `services/${service}/dist/main.js`,
      database: databaseName(service),
    });
    const manifest = JSON.parse(readFileSync(join(ROOT, 'services', service, 'package.json'), 'utf8')) as {
      backoffice?: { processes?: Record<string, { script: string; port?: number; deploy?: boolean }> };
    };
    const extra = { ...KNOWN_PROCESSES[service], ...manifest.backoffice?.processes };
    for (const [name, spec] of Object.entries(extra) as [string, { script: string; port?: number; deploy?: boolean }][]) {
      // Development-only processes (the Authorize.Net simulator) say "deploy": false and stay out of images.
      if (spec.deploy === false) continue;
      if (!spec.port) throw new Error(`services/${service}/package.json: process ${name} needs a health port to be deployed`);
      list.push({
        name: `${service}-${name}`,
        service,
        port: spec.port,
        script: join('services', service, spec.script),
        database: databaseName(service),
      });
    }
  }
  list.push({ name: 'gateway', service: 'gateway', port: SERVICE_PORTS.gateway, script: 'services/gateway/dist/main.js' });
  return list;
}

// ---- config schemas ----------------------------------------------------------------------------

type AnyObjectSchema = z.ZodObject<z.ZodRawShape>;

function findFiles(dir: string, fileName: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? findFiles(join(dir, entry.name), fileName) : entry.name === fileName ? [join(dir, entry.name)] : [],
  );
}

/**
 * The zod schema a process validates its environment with: `<process>.config.ts` under src for an extra
 * process (e.g. worker.config.ts) if there is one, else the service's `<service>.config.ts` under src. A
 * service that has no config file yet gets the platform's base schema (every service extends it).
 */
export function configSchemaOf(process: DeployProcess): { schema: AnyObjectSchema; source: string } {
  const src = join(ROOT, 'services', process.service, 'src');
  const processName = process.name.slice(process.service.length + 1);
  const candidates = [
    ...(processName ? findFiles(src, `${processName}.config.ts`) : []),
    ...findFiles(src, `${process.service}.config.ts`),
  ];
  const file = candidates[0];
  if (file) {
    const exports = require(file) as Record<string, unknown>;
    const schema = Object.values(exports).find(
      (value): value is AnyObjectSchema => !!value && typeof value === 'object' && 'shape' in value,
    );
    if (!schema) throw new Error(`${file} exports no zod object schema`);
    return { schema, source: file.slice(ROOT.length + 1) };
  }
  const fallback = process.database
    ? baseConfigSchema.extend(databaseConfigSchema.shape).extend(kafkaConfigSchema.shape)
    : baseConfigSchema.extend(kafkaConfigSchema.shape);
  return { schema: fallback as unknown as AnyObjectSchema, source: 'the platform base schema (no config file yet)' };
}

/**
 * Variables a container must set: those without a default in the schema, and those whose default only
 * makes sense on a developer's machine (a loopback address, a path under .local).
 */
export function requiredInContainer(schema: AnyObjectSchema): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => {
      const parsed = (field as z.ZodType).safeParse(undefined);
      if (!parsed.success) return true;
      return typeof parsed.data === 'string' && /(127\.0\.0\.1|localhost|^\.local\b)/.test(parsed.data);
    })
    .map(([name]) => name);
}

/** Variables a deployment may set that a schema does not declare: read by the platform or shared by all. */
export const COMMON_VARIABLES = new Set([
  'KAFKA_TOPIC_PREFIX', // libs/platform/src/outbox/event-envelope.ts
  'SEED_DEMO_DATA', // demo seeders read it from process.env
  'NODE_OPTIONS',
  'TZ',
  ...SERVICE_NAMES.map(serviceUrlVariable), // every process may call another service
]);

// ---- compose -----------------------------------------------------------------------------------

export function readEnvFile(path: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=(.*)$/.exec(line);
    if (!match) continue;
    values[match[1]] = match[2].trim().replace(/^'(.*)'$|^"(.*)"$/, '$1$2');
  }
  return values;
}

/** Compose's variable interpolation ($$, $VAR, ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}). */
export function interpolate(value: string, env: Record<string, string | undefined>, used?: Set<string>): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (whole, braced: string, colon: string, operator: string, argument: string, bare: string) => {
      if (whole === '$$') return '$';
      const name = braced ?? bare;
      used?.add(name);
      const current = env[name];
      const missing = colon ? !current : current === undefined;
      if (operator === '-') return missing ? argument : current!;
      if (operator === '?' && missing) throw new Error(`required variable ${name} is missing a value: ${argument}`);
      return current ?? '';
    },
  );
}

function interpolateTree(node: unknown, env: Record<string, string | undefined>, used: Set<string>): unknown {
  if (typeof node === 'string') return interpolate(node, env, used);
  if (Array.isArray(node)) return node.map((item) => interpolateTree(item, env, used));
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, interpolateTree(value, env, used)]));
  }
  return node;
}

export type ComposeService = {
  image?: string;
  build?: { context: string; dockerfile: string; target?: string };
  environment?: Record<string, string | number | boolean | null>;
  healthcheck?: { test?: string[] | string; disable?: boolean };
  depends_on?: Record<string, { condition: string }> | string[];
  restart?: string;
  ports?: (string | Record<string, unknown>)[];
  volumes?: (string | Record<string, unknown>)[];
  command?: string[] | string;
};
export type ComposeFile = { services: Record<string, ComposeService>; volumes?: Record<string, unknown>; [key: string]: unknown };

/** docker-compose.yml as `docker compose config` sees it: merge keys resolved, variables interpolated from `env`. */
export function loadCompose(env: Record<string, string | undefined>): { compose: ComposeFile; used: Set<string> } {
  const document = parseDocument(readFileSync(COMPOSE_FILE, 'utf8'), { merge: true });
  if (document.errors.length) throw new Error(`docker-compose.yml: ${document.errors[0].message}`);
  const used = new Set<string>();
  const compose = interpolateTree(document.toJS(), env, used) as ComposeFile;
  return { compose, used };
}

/** .env.example with every empty secret filled in, as deploy/docker/make-env.mjs would. */
export function exampleEnvWithSecrets(): Record<string, string> {
  const env = readEnvFile(ENV_EXAMPLE);
  // The image variables stay empty (the official images), as make-env.mjs leaves them.
  for (const [key, value] of Object.entries(env)) if (value === '' && !key.endsWith('_IMAGE')) env[key] = `generated-${key.toLowerCase()}`;
  return env;
}

// ---- Dockerfile --------------------------------------------------------------------------------

export interface DockerStage {
  name: string;
  from: string;
  instructions: { keyword: string; args: string }[];
}

export function readDockerfile(): { args: Record<string, string>; stages: DockerStage[] } {
  const text = readFileSync(join(ROOT, DOCKERFILE), 'utf8').replace(/\\\n/g, ' ');
  const args: Record<string, string> = {};
  const stages: DockerStage[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [keyword, ...rest] = line.split(/\s+/);
    const argsText = rest.join(' ');
    const upper = keyword.toUpperCase();
    if (upper === 'FROM') {
      const match = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(argsText);
      if (!match) throw new Error(`Dockerfile: cannot read FROM ${argsText}`);
      stages.push({ name: match[2] ?? `stage-${stages.length}`, from: match[1], instructions: [] });
    } else if (upper === 'ARG' && stages.length === 0) {
      const [name, value] = argsText.split('=');
      args[name] = value ?? '';
    } else {
      if (!stages.length) throw new Error(`Dockerfile: ${upper} before the first FROM`);
      stages.at(-1)!.instructions.push({ keyword: upper, args: argsText });
    }
  }
  return { args, stages };
}

/** The chain of stages a target is built from, the target first, ending at an external image. */
export function stageChain(stages: DockerStage[], target: string): DockerStage[] {
  const chain: DockerStage[] = [];
  let current = stages.find((s) => s.name === target);
  while (current) {
    chain.push(current);
    const parent = current.from;
    current = stages.find((s) => s.name === parent);
  }
  return chain;
}

/** The last value of an instruction along a chain (USER, HEALTHCHECK, CMD): the target's own wins. */
export function effective(chain: DockerStage[], keyword: string): string | undefined {
  for (const stage of chain) {
    const found = stage.instructions.filter((i) => i.keyword === keyword).at(-1);
    if (found) return found.args;
  }
  return undefined;
}

/** ENV values along a chain (KEY=value pairs; later and nearer win). */
export function effectiveEnv(chain: DockerStage[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const stage of [...chain].reverse()) {
    for (const instruction of stage.instructions.filter((i) => i.keyword === 'ENV')) {
      for (const match of instruction.args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S+)/g))
        env[match[1]] = match[2].replace(/^"|"$/g, '');
    }
  }
  return env;
}
